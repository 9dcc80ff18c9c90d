/** A connection that stopped reading its socket and can be told to go on. */
export interface GatedReader {
  resumeReading(): void;
}

/**
 * Bounds the publishes all MQTT connections have in process at once (decision 0049). Each
 * connection already stops reading while a publish of its own waits for its acknowledgement; the
 * gate also keeps a connection with nothing in process from reading again while the server as a
 * whole is at its bound. Its next packets then wait in the socket's buffers, not in the heap: every
 * message in process stays alive until its group commit, and each young-generation collection
 * copies what is alive, so thousands of messages waiting in the heap cost a quarter of the
 * server's time under load, while a few thousand are enough to fill the group commits.
 * Parked connections go on in the order they stopped, as room comes back.
 */
export class ReadGate {
  private inProcess = 0;
  private readonly parked: GatedReader[] = [];
  private releasing = false;

  /** `limit`: publishes in process above which connections that finished theirs wait. */
  constructor(readonly limit: number) {}

  /** Publishes being processed now. */
  get count(): number {
    return this.inProcess;
  }

  /** Connections waiting for room. */
  get waiting(): number {
    return this.parked.length;
  }

  /** A publish began processing. */
  began(): void {
    this.inProcess++;
  }

  /** A publish finished processing: parked connections read again while there is room. */
  ended(): void {
    this.inProcess--;
    if (this.parked.length > 0 && !this.releasing) this.release();
  }

  /**
   * Whether a connection with nothing in process may read now. When it may not, it is parked and
   * told to resume once there is room.
   */
  mayRead(reader: GatedReader): boolean {
    if (this.inProcess < this.limit) return true;
    this.parked.push(reader);
    return false;
  }

  private release(): void {
    // A resumed connection reads what waits in its socket at once, which may begin publishes and
    // fill the room again: one connection at a time, so that each takes only what is left.
    this.releasing = true;
    try {
      while (this.inProcess < this.limit && this.parked.length > 0) {
        (this.parked.shift() as GatedReader).resumeReading();
      }
    } finally {
      this.releasing = false;
    }
  }
}
