import fs from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import tls from 'node:tls';
import {
  Aedes,
  type AedesPublishPacket,
  type AuthenticateError,
  type Client,
  type ConnectPacket,
  type PublishPacket,
  type Subscription,
} from 'aedes';
import type { PayloadCodec } from '../core/index.js';
import type { DeviceApi, DeviceCredentialsProof, DeviceIdentity } from '../core/types.js';
import { DeviceSession, type DeviceSessionDeps } from './device-session.js';
import { MqttDownlinks } from './downlinks.js';
import type { GatewayDevices } from './gateway-devices.js';
import { GatewaySession } from './gateway-session.js';
import { PacketTooLargeError, parserHooks } from './parser-hooks.js';
import { MqttPayloads } from './payloads.js';
import { ProvisionSession } from './provision-session.js';
import { type MqttLogger, type MqttSession, type SessionLimits, SessionProtocolError } from './session.js';
import { classifySubscription } from './topics.js';

/** Settings of the MQTT listener(s) (reference §4.5 `transport.mqtt.*`). */
export interface MqttTransportOptions {
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  /** MQTT over TLS with X.509 client certificates; PEM files of the server certificate and key. */
  tls?: { port: number; certFile: string; keyFile: string };
  /** `netty.max_payload_size`: largest packet (remaining length) in bytes. */
  maxPayloadSize?: number;
  /** `msg_queue_size_per_device_limit`. */
  outgoingQueueLimit?: number;
  /** `transport.mqtt.timeout`: how long a new connection may take to send CONNECT. */
  connectTimeoutMs?: number;
}

export interface MqttTransportDeps {
  api: DeviceApi;
  codec: PayloadCodec;
  gatewayDevices: GatewayDevices;
  log: MqttLogger;
}

export const MQTT_DEFAULTS = {
  maxPayloadSize: 65536,
  outgoingQueueLimit: 100,
  connectTimeoutMs: 10_000,
} as const;

/** User name or client id of a provisioning connection. */
export const PROVISION_CLIENT = 'provision';

/**
 * Where publishes go once a session has handled them. The device API is not a pub/sub: nothing a
 * device publishes is routed to other clients, and no client can subscribe to this topic.
 */
const HANDLED_TOPIC = '$meridian/handled';

const authError = (returnCode: 3 | 5, message: string): AuthenticateError =>
  Object.assign(new Error(message), { returnCode: returnCode as AuthenticateError['returnCode'] });

/**
 * The MQTT device transport (reference §4.3): an embedded aedes broker on a TCP listener (and an
 * optional TLS one) whose hooks authenticate devices against the core, hand every publish to the
 * device's session and send downlinks to that one client.
 */
export class MqttTransport {
  private broker: Aedes | undefined;
  private server: net.Server | undefined;
  private tlsServer: tls.Server | undefined;
  private readonly sessions = new WeakMap<Client, MqttSession>();
  /** The client id as the CONNECT packet gave it (aedes invents one when it is empty). */
  private readonly connectClientIds = new WeakMap<Client, string>();
  private readonly payloads: MqttPayloads;
  private readonly downlinks = new MqttDownlinks();
  private readonly limits: SessionLimits;
  private readonly maxPayloadSize: number;
  private readonly hookParser: (client: Client) => boolean;
  private hooksMissingLogged = false;

  constructor(
    private readonly deps: MqttTransportDeps,
    private readonly options: MqttTransportOptions,
  ) {
    this.payloads = new MqttPayloads(deps.codec);
    this.maxPayloadSize = options.maxPayloadSize ?? MQTT_DEFAULTS.maxPayloadSize;
    const outgoingQueueLimit = options.outgoingQueueLimit ?? MQTT_DEFAULTS.outgoingQueueLimit;
    this.limits = { outgoingQueueLimit, inflightUplinkLimit: outgoingQueueLimit };
    this.hookParser = parserHooks(this.maxPayloadSize);
  }

  async start(): Promise<void> {
    if (this.broker) return;
    const broker = new Aedes({
      connectTimeout: this.options.connectTimeoutMs ?? MQTT_DEFAULTS.connectTimeoutMs,
      preConnect: (client, packet, done) => this.preConnect(client, packet, done),
      authenticate: (client, username, password, done) => {
        this.authenticate(client, username, password).then(
          () => done(null, true),
          (error: AuthenticateError) => done(error, false),
        );
      },
      authorizePublish: (client, packet, done) => this.authorizePublish(client, packet, done),
      authorizeSubscribe: (client, subscription, done) =>
        done(null, this.authorizeSubscribe(client, subscription)),
      // Only the transport's own downlinks reach a client, never something another client published.
      authorizeForward: (_client, packet: AedesPublishPacket) => (publishedByClient(packet) ? null : packet),
    });
    await broker.listen();
    broker.on('connackSent', (packet, client) => {
      if (packet.returnCode === 0) this.sessions.get(client)?.start();
    });
    broker.on('clientDisconnect', (client) => this.sessions.get(client)?.end());
    broker.on('unsubscribe', (filters, client) => {
      const session = this.sessions.get(client);
      if (!session || client.closed) return;
      for (const filter of filters) {
        const target = classifySubscription(filter);
        if (target) session.unsubscribe(target);
      }
    });
    broker.on('clientError', (client, error) => this.onClientError(client, error));
    broker.on('connectionError', (client, error) => this.onClientError(client, error));
    this.broker = broker;

    this.server = net.createServer((socket) => this.accept(socket));
    await listen(this.server, this.options.port, this.options.host);
    const tlsOptions = this.options.tls;
    if (tlsOptions) {
      const [cert, key] = await Promise.all([
        fs.readFile(tlsOptions.certFile),
        fs.readFile(tlsOptions.keyFile),
      ]);
      // Any client certificate is accepted at the TLS level; CONNECT matches it against device credentials.
      this.tlsServer = tls.createServer(
        { cert, key, requestCert: true, rejectUnauthorized: false },
        (socket) => this.accept(socket),
      );
      await listen(this.tlsServer, tlsOptions.port, this.options.host);
    }
  }

  /** Closes every connection (their sessions end) and the listeners. */
  async stop(): Promise<void> {
    const broker = this.broker;
    this.broker = undefined;
    const servers = [this.server, this.tlsServer].filter((server) => server !== undefined);
    this.server = undefined;
    this.tlsServer = undefined;
    const closed = servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())));
    if (broker) await new Promise<void>((resolve) => broker.close(() => resolve()));
    await Promise.all(closed);
  }

  /** Whether the TCP listener is bound. */
  get listening(): boolean {
    return this.server?.listening === true;
  }

  /** The bound TCP port (after start). */
  port(): number {
    return boundPort(this.server);
  }

  /** The bound TLS port, when TLS is configured (after start). */
  tlsPort(): number | undefined {
    return this.tlsServer ? boundPort(this.tlsServer) : undefined;
  }

  private accept(socket: net.Socket): void {
    const broker = this.broker;
    if (!broker) {
      socket.destroy();
      return;
    }
    const client = broker.handle(socket);
    if (!this.hookParser(client) && !this.hooksMissingLogged) {
      this.hooksMissingLogged = true;
      this.deps.log.warn({}, 'MQTT packet size limit applies after parsing only (unexpected aedes parser)');
    }
  }

  private preConnect(
    client: Client,
    packet: ConnectPacket,
    done: (error: Error | null, ok: boolean) => void,
  ): void {
    this.connectClientIds.set(client, packet.clientId);
    // Sessions are never persisted (as the reference, which keeps no MQTT session state) and wills
    // are not supported: both would let messages bypass the device API.
    packet.clean = true;
    packet.will = undefined;
    done(null, true);
  }

  /** Resolves when the connection is accepted (its session is set up); rejects with the CONNACK code. */
  private async authenticate(
    client: Client,
    username: string | undefined,
    password: Buffer | undefined,
  ): Promise<void> {
    const clientId = this.connectClientIds.get(client) || undefined;
    if (username === PROVISION_CLIENT || clientId === PROVISION_CLIENT) {
      this.sessions.set(client, new ProvisionSession(client, this.deps.api, this.deps.log, this.limits));
      return;
    }
    let identity: DeviceIdentity | undefined;
    try {
      const proof = this.proofOf(client, clientId, username, password);
      identity = proof ? await this.deps.api.authenticate(proof) : undefined;
    } catch (error) {
      this.deps.log.error({ err: error, clientId }, 'MQTT authentication failed');
      throw authError(3, 'Server unavailable');
    }
    if (!identity) {
      // Not the username: with access-token credentials it is the device's secret.
      this.deps.log.debug({ clientId }, 'MQTT connection refused: bad credentials');
      throw authError(5, 'Not authorized');
    }
    const deps: DeviceSessionDeps = {
      api: this.deps.api,
      payloads: this.payloads,
      downlinks: this.downlinks,
      log: this.deps.log,
      limits: this.limits,
    };
    this.sessions.set(
      client,
      identity.gateway
        ? new GatewaySession(client, identity, { ...deps, gatewayDevices: this.deps.gatewayDevices })
        : new DeviceSession(client, identity, deps),
    );
  }

  /**
   * X.509 on the TLS listener when the client presented a certificate (expired or not yet valid
   * ones are refused), otherwise the access token / MQTT basic credentials of CONNECT.
   */
  private proofOf(
    client: Client,
    clientId: string | undefined,
    userName: string | undefined,
    password: Buffer | undefined,
  ): DeviceCredentialsProof | undefined {
    if (client.conn instanceof tls.TLSSocket) {
      const certificate = client.conn.getPeerCertificate();
      if (certificate?.raw) {
        const now = Date.now();
        if (Date.parse(certificate.valid_from) > now || Date.parse(certificate.valid_to) < now)
          return undefined;
        return { type: 'X509_CERTIFICATE', certificate: certificate.raw.toString('base64') };
      }
    }
    return { type: 'MQTT_BASIC', clientId, userName, password: password?.toString('utf8') };
  }

  private authorizePublish(
    client: Client | null,
    packet: PublishPacket,
    done: (error?: Error | null) => void,
  ): void {
    const session = client ? this.sessions.get(client) : undefined;
    if (!session) {
      done(new Error('publish without a session'));
      return;
    }
    let outcome: Promise<void> | undefined;
    try {
      if (packet.payload.length > this.maxPayloadSize)
        throw new SessionProtocolError(
          `Payload of ${packet.payload.length} bytes exceeds ${this.maxPayloadSize}`,
        );
      outcome = session.publish(packet);
    } catch (error) {
      done(session.rejectPublish(error));
      return;
    }
    packet.topic = HANDLED_TOPIC;
    packet.retain = false;
    if (!outcome) {
      done(null);
      return;
    }
    outcome.then(
      () => done(null),
      (error: unknown) => done(session.rejectPublish(error)),
    );
  }

  /** The granted subscription (QoS at most 1), or null for a filter the device API does not know (0x80). */
  private authorizeSubscribe(client: Client, subscription: Subscription): Subscription | null {
    const session = this.sessions.get(client);
    const target = classifySubscription(subscription.topic);
    if (!session || !target) {
      this.deps.log.debug({ clientId: client.id, topic: subscription.topic }, 'MQTT subscription refused');
      return null;
    }
    const qos = Math.min(subscription.qos, 1) as 0 | 1;
    session.subscribe(target, qos);
    return { ...subscription, qos };
  }

  private onClientError(client: Client, error: Error): void {
    const session = this.sessions.get(client);
    if (error instanceof PacketTooLargeError) {
      this.deps.log.warn(
        { ...session?.describe(), reason: error.message },
        'Closing MQTT session: packet too large',
      );
    } else {
      this.deps.log.debug({ ...session?.describe(), reason: error.message }, 'MQTT connection error');
    }
  }
}

/** aedes stamps packets that came from a client's PUBLISH with that client's id. */
const publishedByClient = (packet: AedesPublishPacket) =>
  (packet as { clientId?: string }).clientId !== undefined;

function listen(server: net.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function boundPort(server: net.Server | undefined): number {
  const address = server?.address();
  if (!address || typeof address === 'string') throw new Error('MQTT transport is not listening');
  return (address as AddressInfo).port;
}
