/**
 * The CoAP server's memory of the responses it sent (RFC 7252 §4.5): a retransmitted confirmable
 * request is answered with the same bytes instead of being processed again, and a device's ACK of a
 * separate response stops its retransmission. It stands in for node-coap's own cache (its `_lru`,
 * with the same calls), which kept every answered request whole for the exchange lifetime of 247 s:
 * the response stream, the request packet and a resend helper with a timer, 3.5 KB of heap a request
 * in node-coap alone. At 3,000 requests a second the server's memory grew by ~20 MB a second, without
 * a bound until the first answers expired four minutes later.
 *
 * Here an answer that needs nothing more than its bytes (a piggybacked or non-confirmable response)
 * is kept as those bytes alone (~300 bytes with its key), its resend helper's timer cleared, once
 * node-coap has sent it. Answers that still need their objects stay whole: a separate confirmable
 * response retransmits until the device acknowledges it, and an observe notification ends its
 * observation when the device answers it with RST. At most `maxEntries` and `maxBytes` are kept,
 * the oldest dropped first.
 *
 * An answer with the message id of its request (an ACK, a non-confirmable response, a reset) ends
 * that request's time in progress (requests-in-progress.ts). node-coap keeps an empty ACK or a reset
 * under a key without the request's token, where the request's retransmission, looked up with its
 * token, would miss it; such an answer is kept under the token's key instead.
 */

/** What node-coap stores: the datagram, with the objects it may still need. */
export type CachedDatagram = Buffer & {
  /** Resends the datagram until acknowledged; `reset()` clears its timers. */
  sender?: { reset(): void };
  /** The observe stream whose notification this is. */
  response?: unknown;
};

import { exchangeOf, type RequestsInProgress } from './requests-in-progress.js';

interface Entry {
  expires: number;
  /** Still in use: the datagram with its objects. */
  whole: CachedDatagram | undefined;
  /** The datagram's bytes (latin1), once nothing else of it is needed. */
  bytes: string | undefined;
  /** The datagram's length. */
  length: number;
}

/** The message type in a CoAP header's first byte (RFC 7252 §3): 0 confirmable. */
const CONFIRMABLE = 0;
const messageType = (datagram: Buffer) => ((datagram[0] ?? 0) >> 4) & 0b11;
/** The code 0.00 of an empty message, in the header's second byte. */
const isEmpty = (datagram: Buffer) => datagram[1] === 0;

export interface ResponseCacheOptions {
  /** How long an answer is kept (node-coap's exchange lifetime). */
  ttlMs: number;
  maxEntries: number;
  /** Most datagram bytes kept in all (block-wise transfers answer with up to 1 KB a block). */
  maxBytes: number;
  /** The requests being processed, told when each is answered. */
  inProgress?: RequestsInProgress;
  now?: () => number;
}

export class CoapResponseCache {
  /** By node-coap's key (peer, message id, token); oldest first, as every entry lives as long. */
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  /** The datagram bytes of the entries kept. */
  private kept = 0;
  /** node-coap keeps its prune interval here, to clear it on close. */
  pruneTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: ResponseCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The answer kept under `key`, if it has not expired. */
  peek(key: string): CachedDatagram | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.remove(key, entry);
      return undefined;
    }
    return entry.whole ?? Buffer.from(entry.bytes ?? '', 'latin1');
  }

  /**
   * Keeps an answer. node-coap calls this before it attaches the sender and sends; what it needs of
   * the answer is settled once that synchronous send is over, in a microtask.
   */
  set(nodeCoapKey: string, datagram: CachedDatagram): this {
    const key = this.keyOfAnswer(nodeCoapKey, datagram);
    this.delete(key);
    const entry: Entry = {
      expires: this.now() + this.options.ttlMs,
      whole: datagram,
      bytes: undefined,
      length: datagram.length,
    };
    this.entries.set(key, entry);
    this.kept += entry.length;
    const { maxEntries, maxBytes } = this.options;
    // The newest stays: node-coap sends it right after.
    while (this.entries.size > 1 && (this.entries.size > maxEntries || this.kept > maxBytes)) {
      this.dropOldest();
    }
    queueMicrotask(() => this.keepBytesOnly(entry));
    return this;
  }

  delete(key: string): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.remove(key, entry);
    return true;
  }

  /** Drops what expired (node-coap calls this from its prune timer). */
  purgeStale(): void {
    this.options.inProgress?.purgeStale();
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (entry.expires > now) return;
      this.remove(key, entry);
    }
  }

  clear(): void {
    this.options.inProgress?.clear();
    for (const [key, entry] of this.entries) this.remove(key, entry);
  }

  /**
   * Where to keep an answer: under node-coap's key, unless it is the empty ACK or the reset of a
   * request in progress. The key begins with the peer and, after the last '/', the message id.
   */
  private keyOfAnswer(key: string, datagram: Buffer): string {
    const { inProgress } = this.options;
    if (!inProgress || messageType(datagram) === CONFIRMABLE || datagram.length < 4) return key;
    const exchange = exchangeOf(key.slice(0, key.lastIndexOf('/')), datagram.readUInt16BE(2));
    const token = inProgress.answered(exchange);
    return token !== undefined && isEmpty(datagram) ? exchange + token : key;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.kept -= entry.length;
    release(entry);
  }

  private dropOldest(): void {
    const oldest = this.entries.entries().next();
    if (!oldest.done) this.remove(...oldest.value);
  }

  private keepBytesOnly(entry: Entry): void {
    const datagram = entry.whole;
    // Gone already, or still needed: a separate response awaiting its ACK, an observe notification.
    if (!datagram || datagram.response !== undefined || messageType(datagram) === CONFIRMABLE) return;
    // Its only timer is the one that would drop it after the round-trip time; nothing resends it.
    datagram.sender?.reset();
    entry.bytes = datagram.toString('latin1');
    entry.whole = undefined;
  }
}

/** As node-coap's cache did on dropping an answer: a separate response stops retransmitting. */
function release(entry: Entry): void {
  entry.whole?.sender?.reset();
  entry.whole = undefined;
}
