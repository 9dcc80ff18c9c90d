import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import tls from 'node:tls';
import type {
  IConnectPacket,
  IPublishPacket,
  ISubscribePacket,
  IUnsubscribePacket,
  Packet,
} from 'mqtt-packet';
import type { PayloadCodec } from '../core/index.js';
import type { DeviceApi, DeviceCredentialsProof, DeviceIdentity } from '../core/types.js';
import {
  type ConnectRefusal,
  connackAccepted,
  connackRefused,
  unknownCredentialsRefusal,
} from './connack.js';
import { type ConnectionEvents, MqttConnection, type ProtocolVersion } from './connection.js';
import { DeviceSession, type DeviceSessionDeps } from './device-session.js';
import { MqttDownlinks } from './downlinks.js';
import type { GatewayDevices } from './gateway-devices.js';
import { GatewaySession } from './gateway-session.js';
import { PacketTooLargeError } from './packet-reader.js';
import { MqttPayloads } from './payloads.js';
import { ProvisionSession } from './provision-session.js';
import { ReadGate } from './read-gate.js';
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
  /** Publishes all connections may have in process before they stop reading (decision 0049). */
  maxPublishesInProcess?: number;
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
  maxPublishesInProcess: 1000,
} as const;

/** User name or client id of a provisioning connection. */
export const PROVISION_CLIENT = 'provision';

/** SUBACK code of a filter the device API does not know (the same in MQTT 3.1.1 and 5). */
const SUBSCRIPTION_REFUSED = 0x80;

/**
 * The MQTT device transport (reference §4.3): a TCP listener (and an optional TLS one) speaking
 * MQTT 3.1, 3.1.1 and 5 to devices. It is not a broker: nothing a client publishes reaches another
 * client. CONNECT authenticates a device against the core and makes its session; publishes go to
 * that session (PUBACK once the data is stored), subscriptions turn its downlinks on. Who may
 * connect is the credentials' business only: client ids never displace anyone (the core closes an
 * older session of the same device, reference `max_concurrent_sessions_per_device` 1).
 */
export class MqttTransport {
  private server: net.Server | undefined;
  private tlsServer: tls.Server | undefined;
  private readonly connections = new Set<MqttConnection>();
  private readonly sessions = new WeakMap<MqttConnection, MqttSession>();
  /** Connections whose CONNECT is being authenticated; packets after it wait for the outcome. */
  private readonly connecting = new WeakMap<MqttConnection, Promise<void>>();
  private readonly payloads: MqttPayloads;
  private readonly downlinks = new MqttDownlinks();
  private readonly limits: SessionLimits;
  private readonly connectionLimits: { maxPacketBytes: number; connectTimeoutMs: number };
  private readonly readGate: ReadGate;
  private readonly events: ConnectionEvents = {
    onPacket: (connection, packet) => this.onPacket(connection, packet),
    onClose: (connection) => this.onClose(connection),
    onError: (connection, error) => this.onError(connection, error),
  };

  constructor(
    private readonly deps: MqttTransportDeps,
    private readonly options: MqttTransportOptions,
  ) {
    this.payloads = new MqttPayloads(deps.codec);
    const outgoingQueueLimit = options.outgoingQueueLimit ?? MQTT_DEFAULTS.outgoingQueueLimit;
    this.limits = { outgoingQueueLimit, inflightUplinkLimit: outgoingQueueLimit };
    this.connectionLimits = {
      maxPacketBytes: options.maxPayloadSize ?? MQTT_DEFAULTS.maxPayloadSize,
      connectTimeoutMs: options.connectTimeoutMs ?? MQTT_DEFAULTS.connectTimeoutMs,
    };
    this.readGate = new ReadGate(options.maxPublishesInProcess ?? MQTT_DEFAULTS.maxPublishesInProcess);
  }

  async start(): Promise<void> {
    if (this.server) return;
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
    const servers = [this.server, this.tlsServer].filter((server) => server !== undefined);
    this.server = undefined;
    this.tlsServer = undefined;
    const closed = servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())));
    for (const connection of this.connections) connection.socket.destroy();
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
    if (!this.server) {
      socket.destroy();
      return;
    }
    this.connections.add(new MqttConnection(socket, this.events, this.connectionLimits, this.readGate));
  }

  private onPacket(connection: MqttConnection, packet: Packet): Promise<void> | undefined {
    const pending = this.connecting.get(connection);
    if (pending) return pending.then(() => this.onPacket(connection, packet));
    const session = this.sessions.get(connection);
    if (!session) {
      // [MQTT-3.1.0-1]: the first packet is CONNECT; a refused connection gets nothing else.
      if (packet.cmd !== 'connect' || connection.clientId !== '' || connection.closed)
        throw new SessionProtocolError(`${packet.cmd} before an accepted CONNECT`);
      return this.connect(connection, packet);
    }
    switch (packet.cmd) {
      case 'publish':
        return this.publish(connection, session, packet);
      case 'pubrel':
        // The second half of a QoS 2 publish, already stored when PUBREC went out.
        connection.write({ cmd: 'pubcomp', messageId: packet.messageId });
        return undefined;
      case 'subscribe':
        this.subscribe(connection, session, packet);
        return undefined;
      case 'unsubscribe':
        this.unsubscribe(connection, session, packet);
        return undefined;
      case 'pingreq':
        connection.write({ cmd: 'pingresp' });
        return undefined;
      case 'disconnect':
        connection.close();
        return undefined;
      case 'connect':
        throw new SessionProtocolError('second CONNECT'); // [MQTT-3.1.0-2]
      default:
        // PUBACKs of QoS 1 downlinks (nothing is redelivered), and packets a client never sends.
        return undefined;
    }
  }

  private connect(connection: MqttConnection, packet: IConnectPacket): Promise<void> {
    const version = packet.protocolVersion as ProtocolVersion;
    const assignedClientId = packet.clientId ? undefined : `meridian-${randomUUID()}`;
    connection.clientId = packet.clientId || (assignedClientId as string);
    connection.connected(version, packet.keepalive ?? 0);
    // Sessions are never persisted (as the reference, which keeps no MQTT session state) and wills
    // are not supported: both would let messages bypass the device API. A v5 client that asked for
    // a persistent session learns from CONNACK that none is present.
    const outcome = this.sessionFor(connection, packet).then((session) => {
      this.connecting.delete(connection);
      if (connection.closed) return;
      if (typeof session === 'string') {
        connection.write(connackRefused(version, session));
        connection.close();
        return;
      }
      this.sessions.set(connection, session);
      connection.write(connackAccepted(version, version === 5 ? assignedClientId : undefined));
      session.start();
    });
    this.connecting.set(connection, outcome);
    return outcome;
  }

  /** The session of an accepted CONNECT, or why it is refused. */
  private async sessionFor(
    connection: MqttConnection,
    packet: IConnectPacket,
  ): Promise<MqttSession | ConnectRefusal> {
    const clientId = packet.clientId || undefined;
    const { username, password } = packet;
    if (username === PROVISION_CLIENT || clientId === PROVISION_CLIENT)
      return new ProvisionSession(connection, this.deps.api, this.deps.log, this.limits);
    const proof = this.proofOf(connection, clientId, username, password);
    if (proof === 'invalidCertificate') {
      this.deps.log.debug({ clientId }, 'MQTT connection refused: certificate expired or not yet valid');
      return 'notAuthorized';
    }
    let identity: DeviceIdentity | undefined;
    try {
      identity = await this.deps.api.authenticate(proof);
    } catch (error) {
      this.deps.log.error({ err: error, clientId }, 'MQTT authentication failed');
      return 'serverUnavailable';
    }
    if (!identity) {
      // Not the username: with access-token credentials it is the device's secret.
      this.deps.log.debug({ clientId }, 'MQTT connection refused: bad credentials');
      return unknownCredentialsRefusal(proof);
    }
    const deps: DeviceSessionDeps = {
      api: this.deps.api,
      payloads: this.payloads,
      downlinks: this.downlinks,
      log: this.deps.log,
      limits: this.limits,
    };
    return identity.gateway
      ? new GatewaySession(connection, identity, { ...deps, gatewayDevices: this.deps.gatewayDevices })
      : new DeviceSession(connection, identity, deps);
  }

  /**
   * X.509 on the TLS listener when the client presented a certificate (expired or not yet valid
   * ones are refused), otherwise the access token / MQTT basic credentials of CONNECT.
   */
  private proofOf(
    connection: MqttConnection,
    clientId: string | undefined,
    userName: string | undefined,
    password: Buffer | undefined,
  ): DeviceCredentialsProof | 'invalidCertificate' {
    if (connection.socket instanceof tls.TLSSocket) {
      const certificate = connection.socket.getPeerCertificate();
      if (certificate?.raw) {
        const now = Date.now();
        if (Date.parse(certificate.valid_from) > now || Date.parse(certificate.valid_to) < now)
          return 'invalidCertificate';
        return { type: 'X509_CERTIFICATE', certificate: certificate.raw.toString('base64') };
      }
    }
    return { type: 'MQTT_BASIC', clientId, userName, password: password?.toString('utf8') };
  }

  /**
   * Hands the publish to the session; QoS 1 is acknowledged (QoS 2 gets PUBREC) only once the
   * session's promise resolved, i.e. the data is committed. A failure closes the connection.
   */
  private publish(
    connection: MqttConnection,
    session: MqttSession,
    packet: IPublishPacket,
  ): Promise<void> | undefined {
    let outcome: Promise<void> | undefined;
    try {
      outcome = session.publish(packet);
    } catch (error) {
      session.fail(error);
      return undefined;
    }
    const messageId = packet.messageId;
    const acknowledge =
      packet.qos === 0 || messageId === undefined
        ? undefined
        : () => connection.write({ cmd: packet.qos === 1 ? 'puback' : 'pubrec', messageId });
    if (!outcome) {
      acknowledge?.();
      return undefined;
    }
    return outcome.then(acknowledge, (error: unknown) => session.fail(error));
  }

  /** SUBACK grants QoS 1 at most, and refuses filters the device API does not know (0x80). */
  private subscribe(connection: MqttConnection, session: MqttSession, packet: ISubscribePacket): void {
    const targets = packet.subscriptions.map((subscription) => {
      const target = classifySubscription(subscription.topic);
      if (!target)
        this.deps.log.debug(
          { ...session.describe(), topic: subscription.topic },
          'MQTT subscription refused',
        );
      return { target, qos: Math.min(subscription.qos, 1) as 0 | 1 };
    });
    connection.write({
      cmd: 'suback',
      messageId: packet.messageId,
      granted: targets.map(({ target, qos }) => (target ? qos : SUBSCRIPTION_REFUSED)),
    });
    // After the SUBACK, so what the subscription releases (a pending RPC) follows it on the wire.
    for (const { target, qos } of targets) if (target) session.subscribe(target, qos);
  }

  private unsubscribe(connection: MqttConnection, session: MqttSession, packet: IUnsubscribePacket): void {
    for (const filter of packet.unsubscriptions) {
      const target = classifySubscription(filter);
      if (target) session.unsubscribe(target);
    }
    connection.write({
      cmd: 'unsuback',
      messageId: packet.messageId,
      // MQTT 5 lists a reason code per filter (success for each); 3.1.1 has none and ignores them.
      granted: packet.unsubscriptions.map(() => 0),
    });
  }

  private onClose(connection: MqttConnection): void {
    this.connections.delete(connection);
    this.sessions.get(connection)?.end();
  }

  private onError(connection: MqttConnection, error: Error): void {
    const session = this.sessions.get(connection);
    const details = { ...(session?.describe() ?? { clientId: connection.clientId }), reason: error.message };
    if (error instanceof PacketTooLargeError) {
      this.deps.log.warn(details, 'Closing MQTT session: packet too large');
    } else {
      this.deps.log.debug(details, 'MQTT connection error');
    }
  }
}

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
