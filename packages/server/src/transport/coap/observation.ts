import type { ObserveWriteStream } from 'coap';
import { DownlinkEncodingError } from '../core/downlink-codec.js';
import type { DownlinkBody } from '../core/index.js';
import type {
  AttributeUpdate,
  DeviceIdentity,
  DeviceSessionHandle,
  DeviceSessionListener,
  ToDeviceRpc,
} from '../core/types.js';
import { bodyBytes, type CoapDownlinks, contentFormatOf } from './downlinks.js';
import type { ObservableFeature } from './routes.js';

/**
 * One CoAP observation (RFC 7641) of `/attributes` or `/rpc`: a device session of the core whose
 * pushes become notifications on the observe stream. The observation ends when the device
 * deregisters (GET with Observe=1), answers a notification with RST, stops acknowledging
 * confirmable notifications (node-coap ends the stream then), or the core closes the session.
 */
export class CoapObservation implements DeviceSessionListener {
  readonly transport = 'COAP';
  private handle: DeviceSessionHandle | undefined;
  private ended = false;
  /** Whether anything went out on the stream; see sendFinal(). */
  private written = false;
  /** When the device last sent a request (epoch ms); old observations are ended as inactive. */
  lastActivity = Date.now();
  /** The failure of the send in progress; node-coap reports it as an 'error' event during write(). */
  private sendError: Error | undefined;

  constructor(
    readonly key: string,
    readonly device: DeviceIdentity,
    readonly feature: ObservableFeature,
    private readonly stream: ObserveWriteStream,
    private readonly downlinks: CoapDownlinks,
    private readonly onEnded: (observation: CoapObservation) => void,
    private readonly onSendFailed: (observation: CoapObservation, error: Error) => void,
  ) {
    // The stream finishes on our end(), on a RST from the device and when retransmissions of a
    // confirmable notification gave up; all of them end the session.
    stream.once('finish', () => this.finished());
    // A send that fails (a notification over node-coap's 1152-byte message limit) must not crash
    // the server; notify() reports it.
    stream.on('error', (error: Error) => {
      this.sendError = error;
    });
  }

  /** Binds the core session; the observation subscribes it to its feature. */
  attach(handle: DeviceSessionHandle): void {
    this.handle = handle;
    if (this.ended) {
      handle.end();
      return;
    }
    if (this.feature === 'attributes') handle.subscribeAttributes(true);
    else handle.subscribeRpc(true);
  }

  get active(): boolean {
    return !this.ended;
  }

  /** Records device activity on the core session. */
  activity(): void {
    this.lastActivity = Date.now();
    this.handle?.activity();
  }

  /**
   * Sends one 2.05 notification (JSON text or protobuf bytes); false when it could not be sent
   * (ended, or too large for one datagram: node-coap sends notifications without blockwise transfer).
   */
  notify(body: DownlinkBody): boolean {
    if (this.ended) return false;
    this.stream.statusCode = '2.05';
    this.stream.setOption('Content-Format', contentFormatOf(body));
    this.sendError = undefined;
    this.stream.write(bodyBytes(body));
    const failed = this.sendError;
    this.sendError = undefined;
    if (failed) {
      this.onSendFailed(this, failed);
      return false;
    }
    this.written = true;
    return true;
  }

  /**
   * The first response of the observation, which establishes it: `code` 2.05 with a body, or 2.03
   * Valid without one (the RPC resource has nothing to show until a request comes).
   */
  establish(code: '2.05' | '2.03', body?: DownlinkBody): void {
    if (this.ended) return;
    if (body === undefined) {
      this.stream.statusCode = code;
      this.stream.write(Buffer.alloc(0));
      this.written = true;
      return;
    }
    this.notify(body);
  }

  onAttributeUpdate(update: AttributeUpdate): void {
    if (this.feature === 'attributes') this.notify(this.downlinks.attributeUpdate(this.device, update));
  }

  onRpcRequest(rpc: ToDeviceRpc): boolean {
    if (this.feature !== 'rpc') return false;
    let body: DownlinkBody;
    try {
      body = this.downlinks.rpcRequest(this.device, rpc);
    } catch (error) {
      if (!(error instanceof DownlinkEncodingError)) throw error;
      // Refused, as the reference fails an RPC it cannot convert: the RPC module retries, then fails it.
      this.onSendFailed(this, error);
      return false;
    }
    return this.notify(body);
  }

  /**
   * The core ends the session (device deleted, credentials changed, shutdown): like the reference
   * (`closeObserveRelationAndNotify(…, SERVICE_UNAVAILABLE)`), a last 5.03 notification tells the
   * device the observation is over (RFC 7641 §3.2).
   */
  close(reason: string): void {
    this.sendFinal('5.03', reason);
  }

  /** Ends the observation without a last notification (deregistration, replacement, inactivity). */
  end(): void {
    if (this.ended) return;
    this.stream.end();
    this.finished();
  }

  /** Ends the observation with a non-2.xx response, which carries no Observe option (RFC 7641 §4.2). */
  sendFinal(code: string, message: string): void {
    if (this.ended) return;
    this.stream.statusCode = code;
    this.stream.setOption('Observe', []);
    this.stream.setOption('Content-Format', []);
    // node-coap has no public call for a last response without Observe; _doSend is the one its
    // write() uses after setting the option.
    this.stream._doSend(Buffer.from(message));
    // On a stream that sent nothing before, end() would answer a second time (node-coap's finish
    // handler sends a bare response then), so that stream is only let go.
    if (this.written) this.stream.end();
    this.finished();
  }

  private finished(): void {
    if (this.ended) return;
    this.ended = true;
    this.handle?.end();
    this.onEnded(this);
  }
}
