import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { decodeWire, encodeWire } from './wire-codec.js';

/** What every message between nodes carries: who sent it, and the body. */
interface Envelope<T> {
  from: string;
  body: T;
}

export interface ClusterLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * The nodes' NATS connection for what is not queued: notices that every node hears (core NATS
 * publish/subscribe, at most once, which is what live updates and cache invalidation need) and
 * requests to one node. Subjects are under the cluster's name, so clusters can share a server.
 */
export class ClusterBus {
  private readonly subscriptions = new Set<Subscription>();

  private constructor(
    readonly nats: NatsConnection,
    readonly clusterName: string,
    readonly nodeId: string,
    private readonly log: ClusterLog,
  ) {}

  static async connect(
    url: string,
    clusterName: string,
    nodeId: string,
    log: ClusterLog,
  ): Promise<ClusterBus> {
    const nats = await connect({
      servers: url,
      name: `${clusterName}/${nodeId}`,
      // A node keeps trying while NATS restarts; what it publishes meanwhile is buffered.
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
    });
    const bus = new ClusterBus(nats, clusterName, nodeId, log);
    void bus.watchStatus();
    return bus;
  }

  /** A subject of this cluster: `<cluster>.<tokens…>`. */
  subject(...tokens: string[]): string {
    return [this.clusterName, ...tokens].join('.');
  }

  get connected(): boolean {
    return !this.nats.isClosed() && !this.nats.isDraining();
  }

  /** Tells every node (this one excepted, unless it subscribed with `own`). */
  publish(subject: string, body: unknown): void {
    if (!this.connected) return;
    this.nats.publish(subject, encodeWire({ from: this.nodeId, body } satisfies Envelope<unknown>));
  }

  /** Hears the notices of `subject` sent by other nodes; returns the remover. */
  subscribe<T>(
    subject: string,
    handler: (body: T, from: string) => void,
    options: { own?: boolean } = {},
  ): () => void {
    const subscription = this.nats.subscribe(subject, {
      callback: (err, msg) => {
        if (err) {
          this.log.warn({ err, subject }, 'cluster subscription failed');
          return;
        }
        try {
          const envelope = decodeWire<Envelope<T>>(msg.data);
          if (envelope.from === this.nodeId && !options.own) return;
          handler(envelope.body, envelope.from);
        } catch (err) {
          this.log.error({ err, subject }, 'cluster notice could not be handled');
        }
      },
    });
    return this.track(subscription);
  }

  /** Asks the one node that answers `subject`; rejects on timeout or when nobody answers. */
  async request<R>(subject: string, body: unknown, timeoutMs: number): Promise<R> {
    const reply = await this.nats.request(
      subject,
      encodeWire({ from: this.nodeId, body } satisfies Envelope<unknown>),
      { timeout: timeoutMs },
    );
    return decodeWire<R>(reply.data);
  }

  /** Answers the requests of `subject`; returns the remover. */
  respond<T, R>(subject: string, handler: (body: T, from: string) => R | Promise<R>): () => void {
    const subscription = this.nats.subscribe(subject, {
      callback: (err, msg) => {
        if (err) return;
        void (async () => {
          try {
            const envelope = decodeWire<Envelope<T>>(msg.data);
            msg.respond(encodeWire(await handler(envelope.body, envelope.from)));
          } catch (err) {
            this.log.error({ err, subject }, 'cluster request could not be answered');
          }
        })();
      },
    });
    return this.track(subscription);
  }

  async close(): Promise<void> {
    if (this.nats.isClosed()) return;
    await this.nats.drain().catch(() => this.nats.close());
  }

  private track(subscription: Subscription): () => void {
    this.subscriptions.add(subscription);
    return () => {
      this.subscriptions.delete(subscription);
      if (!subscription.isClosed()) subscription.unsubscribe();
    };
  }

  private async watchStatus(): Promise<void> {
    for await (const status of this.nats.status()) {
      if (status.type === 'disconnect') this.log.warn({ server: status.server }, 'NATS connection lost');
      else if (status.type === 'reconnect') this.log.info({ server: status.server }, 'NATS connection back');
    }
  }
}
