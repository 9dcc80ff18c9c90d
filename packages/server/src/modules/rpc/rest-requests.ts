import type { RpcOutcome } from './dispatcher.js';

/**
 * REST calls waiting for the answer of an RPC they sent through the rule engine. The reference
 * sends a server-side RPC as an RPC_CALL_FROM_SERVER_TO_DEVICE message; the RPC call request node
 * delivers it and reports the outcome here by the message's `requestUUID`. A call whose message
 * never reaches such a node (a chain without one) ends by timeout, as in the reference.
 */
export class RestRpcRequests {
  private readonly waiting = new Map<
    string,
    { settle: (outcome: RpcOutcome) => void; timer: NodeJS.Timeout }
  >();

  /** Waits for the outcome of request `requestUUID`, at most `timeoutMs`. */
  wait(requestUUID: string, timeoutMs: number): Promise<RpcOutcome> {
    return new Promise<RpcOutcome>((resolve) => {
      const timer = setTimeout(() => this.complete(requestUUID, { kind: 'timeout' }), Math.max(0, timeoutMs));
      timer.unref();
      this.waiting.set(requestUUID, { settle: resolve, timer });
    });
  }

  /** Ends the REST call of `requestUUID` if it still waits; false when nobody waits for it. */
  complete(requestUUID: string, outcome: RpcOutcome): boolean {
    const entry = this.waiting.get(requestUUID);
    if (!entry) return false;
    this.waiting.delete(requestUUID);
    clearTimeout(entry.timer);
    entry.settle(outcome);
    return true;
  }
}
