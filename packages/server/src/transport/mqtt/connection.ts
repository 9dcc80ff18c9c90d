import type net from 'node:net';
import mqttPacket, { type IPublishPacket, type Packet } from 'mqtt-packet';
import { PacketReader } from './packet-reader.js';
import { type GatedReader, ReadGate } from './read-gate.js';

/** MQTT 3.1 (`MQIsdp`), 3.1.1 and 5. */
export type ProtocolVersion = 3 | 4 | 5;

/** What a connection tells its owner: each packet in order, and the end of the connection. */
export interface ConnectionEvents {
  /**
   * A packet arrived. Returning a promise holds reading of the socket until it settles (the
   * client's packets are processed in order, and a client waiting for PUBACKs stops sending).
   */
  onPacket(connection: MqttConnection, packet: Packet): Promise<void> | undefined;
  /** The socket closed (whoever closed it); called once. */
  onClose(connection: MqttConnection): void;
  /** Why the connection failed (unparsable bytes, packet too large, timeouts, socket errors). */
  onError(connection: MqttConnection, error: Error): void;
}

export interface ConnectionLimits {
  /** `netty.max_payload_size`: largest packet (remaining length) in bytes. */
  maxPacketBytes: number;
  /** `transport.mqtt.timeout`: how long a new connection may take to send CONNECT. */
  connectTimeoutMs: number;
}

export class KeepAliveTimeoutError extends Error {}

/** The largest MQTT packet identifier; downlink ids wrap around after it. */
const MAX_MESSAGE_ID = 0xffff;

/** For a connection on its own (tests): no bound shared with others. */
const UNGATED = new ReadGate(Number.POSITIVE_INFINITY);

/**
 * One device's socket, at the level of MQTT packets: parses what the client sends (mqtt-packet),
 * writes packets in the client's protocol version, and enforces the CONNECT timeout, the keep-alive
 * (1.5 × the client's interval, MQTT-3.1.2-24) and the packet size limit. It knows nothing of
 * devices; its owner decides what each packet means.
 */
export class MqttConnection implements GatedReader {
  /** The client id of CONNECT, once received. */
  clientId = '';
  version: ProtocolVersion = 4;
  closed = false;
  private readonly parser = mqttPacket.parser();
  private timer: NodeJS.Timeout | undefined;
  private nextMessageId = 0;
  /** Packets whose processing holds reading (see ConnectionEvents.onPacket). */
  private holding = 0;

  constructor(
    readonly socket: net.Socket,
    private readonly events: ConnectionEvents,
    limits: ConnectionLimits,
    /** Shared by the transport's connections: how many publishes they may have in process at once. */
    private readonly gate: ReadGate = UNGATED,
  ) {
    // Acknowledgements and downlinks are small and latency-bound: no Nagle delay.
    socket.setNoDelay(true);
    const reader = new PacketReader(this.parser, limits.maxPacketBytes, () => this.version, {
      packet: (packet) => this.received(packet),
      error: (error) => this.fail(error),
    });
    socket.on('data', (chunk: Buffer) => reader.push(chunk));
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.ended());
    this.timer = setTimeout(
      () => this.fail(new KeepAliveTimeoutError('no CONNECT within the connect timeout')),
      limits.connectTimeoutMs,
    );
    this.timer.unref();
  }

  /** Accepts CONNECT's protocol version for the packets that follow, and its keep-alive. */
  connected(version: ProtocolVersion, keepaliveSeconds: number): void {
    this.version = version;
    // The parser reads v5 properties only once told the version.
    (this.parser as unknown as { settings: { protocolVersion: number } }).settings.protocolVersion = version;
    clearTimeout(this.timer);
    this.timer = undefined;
    if (keepaliveSeconds > 0) {
      this.timer = setTimeout(
        () => this.fail(new KeepAliveTimeoutError('keep alive timeout')),
        keepaliveSeconds * 1500,
      );
      this.timer.unref();
    }
  }

  private corked = false;

  /** Writes a packet; `done` runs once it is handed to the socket (or at once when closed). */
  write(packet: Packet, done?: () => void): void {
    if (this.closed || this.socket.destroyed) {
      done?.();
      return;
    }
    this.cork();
    this.socket.write(encode(packet, this.version), done && (() => done()));
  }

  /**
   * Holds this tick's writes back and sends them together: one group commit acknowledges many
   * messages of a connection at once, and their PUBACKs then leave in one system call, not one each.
   */
  private cork(): void {
    if (this.corked) return;
    this.corked = true;
    this.socket.cork();
    process.nextTick(() => {
      this.corked = false;
      this.socket.uncork();
    });
  }

  /** A downlink: QoS 1 gets the next packet identifier (its PUBACK needs no bookkeeping). */
  publish(packet: IPublishPacket, done: () => void): void {
    if (packet.qos > 0) {
      this.nextMessageId = (this.nextMessageId % MAX_MESSAGE_ID) + 1;
      packet.messageId = this.nextMessageId;
    }
    this.write(packet, done);
  }

  /** Ends the connection after what was written went out. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    this.socket.end();
    // A client that does not read must not keep the socket open.
    this.socket.setTimeout(1000, () => this.socket.destroy());
  }

  private received(packet: Packet): void {
    if (this.closed) return;
    this.timer?.refresh();
    let outcome: Promise<void> | undefined;
    try {
      outcome = this.events.onPacket(this, packet);
    } catch (error) {
      this.fail(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (!outcome) return;
    if (this.holding++ === 0) this.socket.pause();
    this.gate.began();
    // One reaction with handlers made once per connection: thousands of packets wait at a time under
    // load, and what each keeps alive is copied by every young-generation collection (issue 14).
    outcome.then(this.packetDone, this.packetFailed);
  }

  private readonly packetDone = (): void => {
    this.gate.ended();
    if (--this.holding > 0 || this.closed) return;
    if (this.gate.mayRead(this)) this.resumeReading();
  };

  /** Reads what waits in the socket, then goes on reading unless a packet holds it again. */
  resumeReading(): void {
    if (this.holding > 0 || this.closed) return;
    // What arrived meanwhile waits in the socket's buffer as one chunk per read; resuming would
    // hand over one chunk and pause again, so a client with publishes waiting got one of them
    // into each group commit. read() hands over the whole buffer at once (through 'data').
    this.socket.read();
    if (this.holding === 0 && !this.closed) this.socket.resume();
  }

  private readonly packetFailed = (error: unknown): void => {
    try {
      this.fail(error instanceof Error ? error : new Error(String(error)));
    } finally {
      this.packetDone();
    }
  };

  private fail(error: Error): void {
    if (this.closed) return;
    this.events.onError(this, error);
    this.closed = true;
    clearTimeout(this.timer);
    this.socket.destroy();
  }

  private ended(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.events.onClose(this);
  }
}

/**
 * A packet's bytes. A plain PUBACK (the bulk of what the server writes under ingest) is four bytes
 * in every protocol version, as MQTT 5 allows omitting a success reason code with no properties.
 */
function encode(packet: Packet, protocolVersion: ProtocolVersion): Buffer {
  if (packet.cmd === 'puback' && packet.messageId !== undefined && !packet.reasonCode && !packet.properties) {
    const bytes = Buffer.allocUnsafe(4);
    bytes[0] = 0x40;
    bytes[1] = 0x02;
    bytes.writeUInt16BE(packet.messageId, 2);
    return bytes;
  }
  return mqttPacket.generate(packet, { protocolVersion });
}
