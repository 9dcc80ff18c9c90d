import { JsonObjectNode, type LosslessJson } from '../../telemetry/json-lossless.js';
import { TelemetryInputError } from '../../telemetry/values.js';
import type { DeviceIdentity } from './types.js';

/**
 * Device-to-server RPC (reference §4.1 "Device→server RPC"). In the reference a rule node answers;
 * Meridian has no rule engine yet, so a request waits here until `answer()` is called for it (the
 * delivery point a future rule engine will use) or `transport.client_side_rpc.timeout` passes, which
 * is what a device sees from the reference's default root rule chain.
 */

/** A device-to-server request as it waits for an answer. */
export interface ClientRpcRequest {
  id: number;
  device: DeviceIdentity;
  method: string;
  params: LosslessJson;
}

export class ClientRpcTimeoutError extends Error {
  constructor() {
    super('Client-side RPC timed out');
  }
}

interface Waiting {
  resolve: (reply: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export class ClientRpcService {
  private readonly waiting = new Map<number, Waiting>();
  private readonly requestListeners = new Set<(request: ClientRpcRequest) => void>();
  private nextId = 1;

  constructor(private readonly timeoutMs: number) {}

  /** Checks the request, then waits for its answer; rejects with ClientRpcTimeoutError on timeout. */
  call(device: DeviceIdentity, request: LosslessJson): Promise<unknown> {
    if (!(request instanceof JsonObjectNode))
      throw new TelemetryInputError('RPC request is not a JSON object');
    const method = request.members.get('method');
    if (typeof method !== 'string' || method.trim() === '')
      throw new TelemetryInputError("RPC request must have a 'method' string");
    const id = this.nextId++;
    const params = request.members.get('params') ?? null;
    return new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new ClientRpcTimeoutError());
      }, this.timeoutMs);
      timer.unref();
      this.waiting.set(id, { resolve, reject, timer });
      for (const listener of this.requestListeners) listener({ id, device, method, params });
    });
  }

  /** Where a future rule engine hears device requests; returns the remover. */
  onRequest(listener: (request: ClientRpcRequest) => void): () => void {
    this.requestListeners.add(listener);
    return () => this.requestListeners.delete(listener);
  }

  /** Answers a waiting request with reply JSON; false when it already timed out or was answered. */
  answer(id: number, reply: unknown): boolean {
    const waiting = this.waiting.get(id);
    if (!waiting) return false;
    this.waiting.delete(id);
    clearTimeout(waiting.timer);
    waiting.resolve(reply);
    return true;
  }

  /** Fails every waiting request (shutdown). */
  close(): void {
    for (const [id, waiting] of this.waiting) {
      clearTimeout(waiting.timer);
      waiting.reject(new Error('Server is shutting down'));
      this.waiting.delete(id);
    }
  }
}
