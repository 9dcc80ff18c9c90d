import { Socket } from 'node:dgram';
import { isIPv6 } from 'node:net';
import { createServer, parameters, type Server } from 'coap';
import type { DeviceApi, PayloadCodec } from '../core/index.js';
import type { CoreLogger } from '../core/options.js';
import { CoapRequestHandler } from './handler.js';
import { exchangeOf, peerOf, RequestsInProgress } from './requests-in-progress.js';
import { CoapResponseCache } from './response-cache.js';

/**
 * Answers kept for retransmitted requests (response-cache.ts), ~60 MB at most: a confirmable
 * request's retransmissions come within 45 s of its first send (RFC 7252 MAX_TRANSMIT_SPAN), so
 * 100,000 cover them up to ~2,200 requests a second, and the whole exchange lifetime up to ~400;
 * and no more than node-coap's own 32 MiB of datagrams (firmware blocks are 1 KB each).
 */
const COAP_RESPONSES_KEPT = { maxEntries: 100_000, maxBytes: 32 * 1024 * 1024 };

/** How long a request's copies may arrive and its answer is kept (node-coap's exchange lifetime). */
const EXCHANGE_LIFETIME_MS = parameters.exchangeLifetime * 1000;

/** The CoAP socket's receive buffer: a second or more of datagrams at thousands of requests a second. */
const COAP_RECEIVE_BUFFER_BYTES = 4 * 1024 * 1024;

export interface CoapTransportOptions {
  /** Largest accepted request payload in bytes (reference `max_payload_size`). */
  maxPayloadSize: number;
  /**
   * `transport.sessions.inactivity_timeout`: an observation whose device sent no request for this
   * long is ended with 5.03, as the reference closes idle sessions.
   */
  sessionInactivityTimeoutMs: number;
}

export const DEFAULT_COAP_TRANSPORT_OPTIONS: CoapTransportOptions = {
  maxPayloadSize: 65_536,
  sessionInactivityTimeoutMs: 300_000,
};

/** The message a device gets when its observation is ended for inactivity. */
export const SESSION_TIMEOUT_MESSAGE = 'Session timed out';

export interface CoapTransportDeps {
  api: DeviceApi;
  codec: PayloadCodec;
  log: CoreLogger;
}

/** A packet's token as node-coap's keys end with it: hex, empty when it has none. */
const tokenOf = (packet: { token?: Buffer }): string => packet.token?.toString('hex') ?? '';

/**
 * The CoAP device API over UDP (reference §4.4, no DTLS): a node-coap server whose requests the
 * CoapRequestHandler serves, plus the sweep that ends observations of silent devices.
 */
export class CoapTransport {
  private server: Server | undefined;
  private binding: Promise<void> | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  private readonly handler: CoapRequestHandler;
  private readonly inProgress = new RequestsInProgress({
    ttlMs: EXCHANGE_LIFETIME_MS,
    maxEntries: COAP_RESPONSES_KEPT.maxEntries,
  });
  private readonly responses = new CoapResponseCache({
    ttlMs: EXCHANGE_LIFETIME_MS,
    ...COAP_RESPONSES_KEPT,
    inProgress: this.inProgress,
  });
  private readonly options: CoapTransportOptions;

  constructor(
    private readonly deps: CoapTransportDeps,
    options: Partial<CoapTransportOptions> = {},
  ) {
    this.options = { ...DEFAULT_COAP_TRANSPORT_OPTIONS, ...options };
    this.handler = new CoapRequestHandler({ ...deps, maxPayloadSize: this.options.maxPayloadSize });
  }

  /** Binds the UDP socket (port 0: an ephemeral one); rejects when the port cannot be bound. */
  start(port: number, host: string): Promise<void> {
    if (this.binding) throw new Error('CoAP transport already started');
    // Set before the first await: Fastify resolves listen() before its onListen hooks finish,
    // so listening() must find the binding in progress.
    this.binding = this.bind(port, host);
    return this.binding;
  }

  /** Resolves with the bound port once the socket listens (rejects if binding failed). */
  async listening(): Promise<number> {
    if (!this.binding) throw new Error('CoAP transport was not started');
    await this.binding;
    return this.port();
  }

  private async bind(port: number, host: string): Promise<void> {
    const server = createServer({
      type: isIPv6(host) ? 'udp6' : 'udp4',
      // node-coap's own, named here as the requests in progress name peers.
      clientIdentifier: (request) => peerOf(request.rsinfo),
    });
    // Before listen(), which starts the prune timer on whatever cache the server holds.
    server._lru = this.responses as unknown as Server['_lru'];
    this.ignoreCopiesInProgress(server);
    server.on('request', (req, res) => {
      const { messageId } = req._packet;
      if (messageId !== undefined) {
        this.inProgress.begin(exchangeOf(peerOf(req.rsinfo), messageId), tokenOf(req._packet));
      }
      void this.handler.handle(req, res);
    });
    try {
      await new Promise<void>((resolve, reject) => {
        const failed = (error: Error) => reject(error);
        server.once('error', failed);
        server.listen(port, host, (error?: Error) => {
          server.off('error', failed);
          if (error) reject(error);
          else resolve();
        });
      });
    } catch (error) {
      server.close();
      throw error;
    }
    // After binding, socket errors (e.g. ICMP unreachable) concern one peer, not the server.
    server.on('error', (err: Error) => this.deps.log.warn({ err }, 'CoAP socket error'));
    this.widenReceiveBuffer(server);
    this.server = server;
    const sweepEvery = Math.max(1000, Math.min(60_000, this.options.sessionInactivityTimeoutMs / 10));
    this.sweepTimer = setInterval(() => this.endIdleObservations(), sweepEvery);
    this.sweepTimer.unref();
  }

  /**
   * Drops a copy of a request that is still being processed, before node-coap would process it
   * again (requests-in-progress.ts): a device retransmits after 2–3 s without an answer, as it does
   * when the server is overloaded. RFC 7252 §4.5 leaves a duplicate's handling to the server; the
   * first copy's answer reaches the device, and a later copy finds it kept.
   */
  private ignoreCopiesInProgress(server: Server): void {
    const handle = server._handle.bind(server);
    server._handle = (packet, rsinfo) => {
      const { messageId } = packet;
      const isRequest =
        packet.code?.startsWith('0.') && packet.code !== '0.00' && !packet.ack && !packet.reset;
      if (
        isRequest &&
        messageId !== undefined &&
        this.inProgress.isInProgress(exchangeOf(peerOf(rsinfo), messageId), tokenOf(packet))
      ) {
        return;
      }
      handle(packet, rsinfo);
    };
  }

  /**
   * A larger receive buffer than the system's default (~200 KB): at thousands of requests a second
   * the kernel dropped datagrams that arrived while the event loop was busy, and each cost its
   * device a retransmission seconds later (bench/README.md 2026-11-29). The kernel caps it at
   * `net.core.rmem_max`.
   */
  private widenReceiveBuffer(server: Server): void {
    const socket = server._sock;
    if (!(socket instanceof Socket)) return;
    try {
      socket.setRecvBufferSize(COAP_RECEIVE_BUFFER_BYTES);
    } catch (err) {
      this.deps.log.warn({ err }, 'CoAP receive buffer left at the system default');
    }
  }

  /** The bound UDP port; throws while the socket is not bound (before start(), bind failed, stopped). */
  port(): number {
    const port = this.boundPort();
    if (port === undefined) throw new Error('CoAP transport is not listening');
    return port;
  }

  /** The bound UDP port, or undefined while the socket is not bound. */
  boundPort(): number | undefined {
    const socket = this.server?._sock;
    return socket instanceof Socket ? socket.address().port : undefined;
  }

  /** Number of live observations (attribute and RPC subscriptions). */
  observationCount(): number {
    return this.handler.observations.size;
  }

  /** Number of responses kept for retransmitted requests. */
  responsesKept(): number {
    return this.responses.size;
  }

  /** Ends observations whose device was silent longer than the session inactivity timeout. */
  endIdleObservations(now = Date.now()): void {
    for (const observation of this.handler.observations.idleSince(
      now - this.options.sessionInactivityTimeoutMs,
    )) {
      observation.sendFinal('5.03', SESSION_TIMEOUT_MESSAGE);
    }
  }

  /** Tells observers the server stops (5.03) and closes the socket. */
  async stop(): Promise<void> {
    // A close right after listen waits for the bind, so no socket or timer is left behind.
    await this.binding?.catch(() => {});
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = undefined;
    const server = this.server;
    if (!server) return;
    for (const observation of this.handler.observations.all())
      observation.sendFinal('5.03', 'Server is shutting down');
    this.server = undefined;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
