import type { IPublishPacket as PublishPacket } from 'mqtt-packet';
import { TelemetryInputError } from '../../telemetry/values.js';
import { TransportLimitError } from '../core/index.js';
import type { MqttConnection } from './connection.js';
import type { SubscriptionTarget } from './topics.js';

/** Where the MQTT transport logs (pino-compatible, e.g. Fastify's logger). */
export interface MqttLogger {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
  debug(details: object, message: string): void;
}

/** Limits of one connection (reference §4.5). */
export interface SessionLimits {
  /** `msg_queue_size_per_device_limit`: downlinks written but not yet flushed to the socket. */
  outgoingQueueLimit: number;
  /** Uplinks being processed before the transport stops reading the connection. */
  inflightUplinkLimit: number;
}

/**
 * A publish the device API refuses: unknown topic, unreadable payload. The reference closes the
 * session for these (an `AdaptorException`); the message says why, for the log.
 */
export class SessionProtocolError extends Error {}

/**
 * What a publish handler returns: nothing when the message is fully handled (or handled in the
 * background), or the promise the transport waits for before it acknowledges (QoS 1: PUBACK only
 * after the data is committed).
 */
export type PublishOutcome = Promise<void> | undefined;

/**
 * One MQTT connection after CONNECT was accepted. Keeps its state small (a benchmark holds 10,000
 * idle connections): the subscriptions are two bit masks over `SUBSCRIBABLE_FILTERS`, downlinks
 * are written straight to this client's connection (there is no topic routing), so no other
 * client can see them.
 */
export abstract class MqttSession {
  /** Bit per subscribed filter, and bit per filter granted with QoS 1. */
  private subscribed = 0;
  private qos1 = 0;
  /** Downlinks handed to the client and not yet written out. */
  private outgoing = 0;
  /** Uplinks still being processed. */
  private inflight = 0;
  protected closing = false;

  constructor(
    readonly client: MqttConnection,
    protected readonly log: MqttLogger,
    protected readonly limits: SessionLimits,
  ) {}

  /** Called once the CONNACK went out: registers the session wherever it must be known. */
  start(): void {}

  /** Who the connection is, for log lines. */
  abstract describe(): Record<string, unknown>;

  /** Handles a publish of the client; throws SessionProtocolError (or rejects) to close the session. */
  protected abstract handlePublish(packet: PublishPacket): PublishOutcome;

  /** The client subscribed to a known filter (granted QoS 0 or 1). */
  protected onSubscribed(_target: SubscriptionTarget): void {}

  /** The client unsubscribed from a known filter. */
  protected onUnsubscribed(_target: SubscriptionTarget): void {}

  /** The connection ended; releases what the session registered. */
  abstract end(): void;

  /**
   * Runs a publish. QoS 0 messages are processed in the background while fewer than the inflight
   * limit are running; beyond that, and for QoS 1, the transport waits (and stops reading the socket).
   */
  publish(packet: PublishPacket): PublishOutcome {
    const outcome = this.handlePublish(packet);
    if (!outcome) return undefined;
    this.inflight++;
    const tracked = outcome.finally(() => {
      this.inflight--;
    });
    if (packet.qos > 0 || this.inflight > this.limits.inflightUplinkLimit) return tracked;
    tracked.catch((error: unknown) => this.fail(error));
    return undefined;
  }

  subscribe(target: SubscriptionTarget, qos: number): void {
    const bit = 1 << target.bit;
    this.subscribed |= bit;
    if (qos > 0) this.qos1 |= bit;
    else this.qos1 &= ~bit;
    this.onSubscribed(target);
  }

  unsubscribe(target: SubscriptionTarget): void {
    const bit = 1 << target.bit;
    this.subscribed &= ~bit;
    this.qos1 &= ~bit;
    this.onUnsubscribed(target);
  }

  protected isSubscribed(bit: number): boolean {
    return (this.subscribed & (1 << bit)) !== 0;
  }

  /** The QoS a downlink on the filter of `bit` goes out with: the granted one, 0 when not subscribed. */
  protected qosOf(bit: number): 0 | 1 {
    return (this.qos1 & (1 << bit)) !== 0 ? 1 : 0;
  }

  /**
   * Writes a downlink to this client only. False when the session is closing or its outgoing
   * queue is full (the message is dropped, as the reference drops beyond its queue limit).
   */
  protected send(topic: string, payload: string | Buffer, qos: 0 | 1): boolean {
    if (this.closing || this.client.closed) return false;
    if (this.outgoing >= this.limits.outgoingQueueLimit) {
      this.log.warn({ ...this.describe(), topic }, 'MQTT outgoing queue full, downlink dropped');
      return false;
    }
    this.outgoing++;
    this.client.publish(
      {
        cmd: 'publish',
        topic,
        payload: typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload,
        qos,
        retain: false,
        dup: false,
      },
      () => {
        this.outgoing--;
      },
    );
    return true;
  }

  /**
   * Closes the connection because of what the client sent, logging once at warn. Other failures
   * (storage down) are logged at error; the connection closes either way, as the reference does.
   */
  fail(error: unknown): void {
    if (this.closing) return;
    this.closing = true;
    this.logFailure(error);
    this.client.close();
  }

  private logFailure(error: unknown): void {
    if (error instanceof TransportLimitError) {
      // As the reference: a device over its tenant profile's limits loses its connection.
      this.log.warn(
        { ...this.describe(), limitedBy: error.limitedBy },
        'Closing MQTT session: transport limits reached',
      );
    } else if (isClientError(error)) {
      this.log.warn(
        { ...this.describe(), reason: (error as Error).message },
        'Closing MQTT session: invalid publish',
      );
    } else {
      this.log.error({ ...this.describe(), err: error }, 'Closing MQTT session: failed to process a publish');
    }
  }

  /** Closes the connection on the server's initiative (displaced, device deleted, shutdown). */
  closeConnection(reason: string): void {
    if (this.closing) return;
    this.closing = true;
    this.log.info({ ...this.describe(), reason }, 'Closing MQTT session');
    this.client.close();
  }
}

/** Errors caused by what the device sent, as opposed to failures of the server. */
function isClientError(error: unknown): boolean {
  return error instanceof SessionProtocolError || error instanceof TelemetryInputError;
}
