import WebSocket from 'ws';

/**
 * A test client of the telemetry WebSocket: every text frame the server sends is parsed and queued;
 * `next` takes the first queued message matching a predicate, waiting for it if needed.
 */

export type Message = Record<string, unknown>;

export class WsTestClient {
  private readonly received: Message[] = [];
  private waiters: { match: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as Message;
      const waiter = this.waiters.find((w) => w.match(message));
      if (waiter) {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        waiter.resolve(message);
      } else {
        this.received.push(message);
      }
    });
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
  }

  /** Opens a session; rejects with the server's HTTP status when the handshake is refused. */
  static connect(
    baseUrl: string,
    token: string | undefined,
    options: { plugin?: string; autoPong?: boolean } = {},
  ): Promise<WsTestClient> {
    const url = new URL(`/api/ws/plugins/${options.plugin ?? 'telemetry'}`, baseUrl.replace(/^http/, 'ws'));
    if (token !== undefined) url.searchParams.set('token', token);
    const socket = new WebSocket(url, { autoPong: options.autoPong ?? true });
    const client = new WsTestClient(socket);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(client));
      socket.once('unexpected-response', (_req, res) => {
        reject(new Error(`HTTP ${res.statusCode}`));
        socket.terminate();
      });
      socket.once('error', reject);
    });
  }

  send(wrapper: unknown): void {
    this.socket.send(typeof wrapper === 'string' ? wrapper : JSON.stringify(wrapper));
  }

  /** The next message matching `match` (default: any), waiting at most `timeoutMs`. */
  next<T extends Message = Message>(
    match: (m: Message) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<T> {
    const index = this.received.findIndex(match);
    if (index >= 0) return Promise.resolve(this.received.splice(index, 1)[0] as T);
    return new Promise((resolve, reject) => {
      const waiter = {
        match,
        resolve: (m: Message) => {
          clearTimeout(timer);
          resolve(m as T);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(
          new Error(
            `no matching message within ${timeoutMs} ms; unmatched: ${JSON.stringify(this.received)}`,
          ),
        );
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Messages for one v1 subscription id or v2 command id. */
  nextFor<T extends Message = Message>(id: number, timeoutMs?: number): Promise<T> {
    return this.next<T>((m) => m.subscriptionId === id || m.cmdId === id, timeoutMs);
  }

  /** Waits `ms` and returns (and removes) every queued message matching `match`. */
  async drain(ms: number, match: (m: Message) => boolean = () => true): Promise<Message[]> {
    await new Promise((resolve) => setTimeout(resolve, ms));
    const taken = this.received.filter(match);
    for (const m of taken) this.received.splice(this.received.indexOf(m), 1);
    return taken;
  }

  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    this.socket.close();
    await this.closed;
  }
}
