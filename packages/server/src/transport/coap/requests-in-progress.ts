import type { AddressInfo } from 'node:net';

/**
 * The requests the CoAP server is still working on, so that a device's retransmission of one is
 * recognised (RFC 7252 §4.5). node-coap recognises a retransmission only by the response it keeps
 * (response-cache.ts): one arriving before that response exists, while the first copy is still
 * being processed, would be processed again and its data stored twice. And a request answered with
 * an empty ACK (processing took longer than the piggyback wait) is kept under a key without the
 * request's token, so its retransmissions were processed again too; the response cache asks here for
 * that token and keeps the empty ACK where node-coap looks.
 *
 * An entry lives from the request's arrival until its first answer (an ACK, piggybacked or empty, a
 * non-confirmable response or a reset, all with the request's message id), at most the exchange
 * lifetime, and at most `maxEntries` are kept, the oldest dropped first.
 */

/** A peer as node-coap's server names it (its `clientIdentifier`): address and port. */
export const peerOf = (rsinfo: Pick<AddressInfo, 'address' | 'port'>): string =>
  `${rsinfo.address}:${rsinfo.port}`;

/** An exchange: a peer and the message id of its request, as node-coap's response keys begin. */
export const exchangeOf = (peer: string, messageId: number): string => `${peer}/${messageId}`;

interface Pending {
  /** The request's token, hex, as node-coap appends it to its keys. */
  token: string;
  expires: number;
}

export interface RequestsInProgressOptions {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

export class RequestsInProgress {
  /** By exchange; oldest first, as every entry lives as long. */
  private readonly pending = new Map<string, Pending>();
  private readonly now: () => number;

  constructor(private readonly options: RequestsInProgressOptions) {
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.pending.size;
  }

  /** The server starts processing the request with this exchange and token. */
  begin(exchange: string, token: string): void {
    this.pending.delete(exchange);
    this.pending.set(exchange, { token, expires: this.now() + this.options.ttlMs });
    while (this.pending.size > this.options.maxEntries) this.dropOldest();
  }

  /**
   * Whether this is a copy of a request still in progress. A different token under the same message
   * id is a new request (a device that reuses message ids too soon), as node-coap's keys tell them apart.
   */
  isInProgress(exchange: string, token: string): boolean {
    const pending = this.pending.get(exchange);
    if (!pending) return false;
    if (pending.expires <= this.now()) {
      this.pending.delete(exchange);
      return false;
    }
    return pending.token === token;
  }

  /** The request was answered: forgets it and gives its token, if it was in progress. */
  answered(exchange: string): string | undefined {
    const pending = this.pending.get(exchange);
    if (!pending) return undefined;
    this.pending.delete(exchange);
    return pending.token;
  }

  /** Drops what expired (with the response cache's prune). */
  purgeStale(): void {
    const now = this.now();
    for (const [exchange, pending] of this.pending) {
      if (pending.expires > now) return;
      this.pending.delete(exchange);
    }
  }

  clear(): void {
    this.pending.clear();
  }

  private dropOldest(): void {
    const oldest = this.pending.keys().next();
    if (!oldest.done) this.pending.delete(oldest.value);
  }
}
