import type { IPublishPacket, Packet, Parser, QoS } from 'mqtt-packet';

/**
 * Cuts a client's byte stream into whole MQTT packets and reads the common PUBLISH itself; every
 * other packet, and any PUBLISH it does not read plainly, goes whole to mqtt-packet's parser.
 *
 * Why: under ingest nearly every packet is a small PUBLISH, and mqtt-packet reads each through a
 * buffer list that allocates a view or a copy for every number and string it reads, and formats
 * arguments for its disabled debug logging at every step: a tenth of what the server allocated per
 * message at the PostgreSQL ingest peak (bench/README.md, 2026-11-30 evening). Handing the parser
 * only whole packets keeps it at a packet boundary, so both readers can take turns.
 *
 * It also applies `transport.mqtt.netty.max_payload_size` (65536) as the reference does: a packet
 * whose remaining length is larger closes the connection as soon as its fixed header is read, before
 * its body is buffered.
 */

/** MQTT control packet type 3 (the high nibble of the first byte). */
const PUBLISH = 3;
/** A remaining length takes at most four bytes (MQTT 2.2.3). */
const MAX_LENGTH_BYTES = 4;

export class PacketTooLargeError extends Error {}
export class InvalidPacketError extends Error {}

export interface PacketReaderEvents {
  packet(packet: Packet): void;
  error(error: Error): void;
}

export class PacketReader {
  /** The start of a packet that has not fully arrived. */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** The whole size of the pending packet, once its fixed header is in. */
  private needed = 0;
  private failed = false;

  constructor(
    private readonly parser: Parser,
    private readonly maxPacketBytes: number,
    /** The protocol version of the connection (5 has properties in PUBLISH). */
    private readonly version: () => number,
    private readonly events: PacketReaderEvents,
  ) {
    parser.on('packet', (packet: Packet) => this.events.packet(packet));
    parser.on('error', (error: Error) => this.fail(error));
  }

  /** Reads a chunk of the stream: emits each packet it completes, in order. */
  push(chunk: Buffer): void {
    if (this.failed) return;
    let bytes = chunk;
    if (this.pendingBytes > 0) {
      this.pending.push(chunk);
      this.pendingBytes += chunk.length;
      // Large packets arrive in many segments: join them once, when the packet is complete.
      if (this.needed > 0 && this.pendingBytes < this.needed) return;
      bytes = Buffer.concat(this.pending, this.pendingBytes);
      this.pending = [];
      this.pendingBytes = 0;
      this.needed = 0;
    }
    let offset = 0;
    while (offset < bytes.length) {
      const size = this.packetSize(bytes, offset);
      if (this.failed) return;
      if (size === undefined || offset + size > bytes.length) {
        // The start of a packet: kept, with its size once its fixed header is in.
        const rest = bytes.subarray(offset);
        this.pending = [rest];
        this.pendingBytes = rest.length;
        this.needed = size ?? 0;
        return;
      }
      this.read(bytes.subarray(offset, offset + size));
      if (this.failed) return;
      offset += size;
    }
  }

  /**
   * The whole size of the packet at `offset` (fixed header and remaining length), or undefined while
   * its fixed header is incomplete. Fails the stream on a malformed or too large length.
   */
  private packetSize(bytes: Buffer, offset: number): number | undefined {
    let length = 0;
    let multiplier = 1;
    for (let i = 1; i <= MAX_LENGTH_BYTES; i++) {
      const byte = bytes[offset + i];
      if (byte === undefined) return undefined;
      length += (byte & 0x7f) * multiplier;
      multiplier *= 0x80;
      if ((byte & 0x80) === 0) {
        if (length > this.maxPacketBytes) {
          this.fail(new PacketTooLargeError(`too large message: ${length} bytes`));
          return undefined;
        }
        return 1 + i + length;
      }
    }
    this.fail(new InvalidPacketError('Invalid variable byte integer'));
    return undefined;
  }

  /** One whole packet: a plain PUBLISH read here, anything else by mqtt-packet. */
  private read(packet: Buffer): void {
    const publish = readPublish(packet, this.version());
    if (publish) this.events.packet(publish);
    else this.parser.parse(packet);
  }

  private fail(error: Error): void {
    if (this.failed) return;
    this.failed = true;
    this.pending = [];
    this.pendingBytes = 0;
    this.events.error(error);
  }
}

/**
 * A whole PUBLISH packet as mqtt-packet reads it, or undefined when it is another packet or one to
 * leave to mqtt-packet: invalid QoS, a topic or packet identifier past the end, MQTT 5 properties.
 */
export function readPublish(packet: Buffer, version: number): IPublishPacket | undefined {
  const first = packet[0] ?? 0;
  if (first >> 4 !== PUBLISH) return undefined;
  const qos = ((first >> 1) & 0b11) as QoS | 3;
  if (qos === 3) return undefined;
  let position = 1;
  while (((packet[position++] ?? 0) & 0x80) !== 0);
  const length = packet.length - position;
  if (position + 2 > packet.length) return undefined;
  const topicEnd = position + 2 + packet.readUInt16BE(position);
  if (topicEnd > packet.length) return undefined;
  const topic = packet.toString('utf8', position + 2, topicEnd);
  position = topicEnd;
  let messageId: number | undefined;
  if (qos > 0) {
    if (position + 2 > packet.length) return undefined;
    messageId = packet.readUInt16BE(position);
    position += 2;
  }
  if (version === 5) {
    // Only an empty property list (one zero byte) is read here.
    if (packet[position] !== 0) return undefined;
    position += 1;
  }
  const publish: IPublishPacket = {
    cmd: 'publish',
    retain: (first & 0b1) !== 0,
    qos,
    dup: (first & 0b1000) !== 0,
    length,
    topic,
    payload: packet.subarray(position),
  };
  if (messageId !== undefined) publish.messageId = messageId;
  return publish;
}
