import { describe, expect, it, vi } from 'vitest';
import { RequestsInProgress } from './requests-in-progress.js';
import { type CachedDatagram, CoapResponseCache } from './response-cache.js';

/** A response datagram as node-coap caches it: the header's first byte gives the message type. */
function datagram(type: 'CON' | 'NON' | 'ACK', extra: { response?: unknown } = {}) {
  const first = { CON: 0x40, NON: 0x50, ACK: 0x60 }[type];
  // Version 1, no token; code 2.04; message id 0x1234; a payload marker and "ok".
  const bytes = Buffer.from([first, 0x44, 0x12, 0x34, 0xff, 0x6f, 0x6b]) as CachedDatagram;
  const sender = { reset: vi.fn() };
  return Object.assign(bytes, { sender }, extra);
}

/** After node-coap's synchronous send and the microtasks it queued. */
const afterSend = () => new Promise<void>((resolve) => setImmediate(resolve));

function cache(
  options: {
    maxEntries?: number;
    maxBytes?: number;
    now?: () => number;
    inProgress?: RequestsInProgress;
  } = {},
) {
  return new CoapResponseCache({
    ttlMs: 247_000,
    maxEntries: options.maxEntries ?? 10,
    maxBytes: options.maxBytes ?? 1_000,
    now: options.now,
    inProgress: options.inProgress,
  });
}

/** An empty ACK (code 0.00, no token) of message id 0x1234, as node-coap sends after its piggyback wait. */
const emptyAck = () => Object.assign(Buffer.from([0x60, 0x00, 0x12, 0x34]), { sender: { reset: vi.fn() } });

describe('the CoAP server’s memory of its responses', () => {
  it('keeps only the bytes of a piggybacked response once it is sent, its timers cleared', async () => {
    const responses = cache();
    const sent = datagram('ACK');
    responses.set('peer/4660', sent);
    // node-coap attaches the sender and sends in the same synchronous step.
    expect(responses.peek('peer/4660')).toBe(sent);
    await afterSend();
    expect(sent.sender?.reset).toHaveBeenCalledOnce();
    const again = responses.peek('peer/4660');
    expect(again).not.toBe(sent);
    expect(again?.equals(sent)).toBe(true);
    expect(again?.sender).toBeUndefined();
  });

  it('does the same for a non-confirmable response', async () => {
    const responses = cache();
    const sent = datagram('NON');
    responses.set('peer/1', sent);
    await afterSend();
    expect(sent.sender?.reset).toHaveBeenCalledOnce();
    expect(responses.peek('peer/1')?.equals(sent)).toBe(true);
  });

  it('keeps a separate confirmable response whole until the device’s ACK deletes it', async () => {
    const responses = cache();
    const sent = datagram('CON');
    responses.set('peer/2', sent);
    await afterSend();
    // Still retransmitting: its timers stay.
    expect(sent.sender?.reset).not.toHaveBeenCalled();
    expect(responses.peek('peer/2')).toBe(sent);
    expect(responses.delete('peer/2')).toBe(true);
    expect(sent.sender?.reset).toHaveBeenCalledOnce();
    expect(responses.peek('peer/2')).toBeUndefined();
  });

  it('keeps an observe notification whole, for the RST that ends its observation', async () => {
    const responses = cache();
    const stream = { observing: true };
    const sent = datagram('NON', { response: stream });
    responses.set('peer/3', sent);
    await afterSend();
    expect(sent.sender?.reset).not.toHaveBeenCalled();
    expect(responses.peek('peer/3')?.response).toBe(stream);
  });

  it('forgets responses after the exchange lifetime', async () => {
    let now = 1_000;
    const responses = cache({ now: () => now });
    responses.set('peer/old', datagram('ACK'));
    now += 100_000;
    responses.set('peer/new', datagram('ACK'));
    await afterSend();
    now += 147_000;
    responses.purgeStale();
    expect(responses.size).toBe(1);
    expect(responses.peek('peer/old')).toBeUndefined();
    expect(responses.peek('peer/new')).toBeDefined();
    now += 100_000;
    expect(responses.peek('peer/new')).toBeUndefined();
    expect(responses.size).toBe(0);
  });

  it('keeps at most its number of responses, dropping the oldest and stopping its retransmission', async () => {
    const responses = cache({ maxEntries: 2 });
    const oldest = datagram('CON');
    responses.set('peer/a', oldest);
    responses.set('peer/b', datagram('ACK'));
    responses.set('peer/c', datagram('ACK'));
    expect(responses.size).toBe(2);
    expect(responses.peek('peer/a')).toBeUndefined();
    expect(oldest.sender?.reset).toHaveBeenCalledOnce();
    expect(responses.peek('peer/b')).toBeDefined();
    await afterSend();
    // A response dropped before its microtask ran is not touched again.
    expect(oldest.sender?.reset).toHaveBeenCalledOnce();
  });

  it('keeps at most its number of bytes, the newest response always', async () => {
    // Each datagram here is 7 bytes: room for two in 15.
    const responses = cache({ maxBytes: 15 });
    responses.set('peer/a', datagram('ACK'));
    responses.set('peer/b', datagram('ACK'));
    await afterSend();
    responses.set('peer/c', datagram('ACK'));
    expect(responses.size).toBe(2);
    expect(responses.peek('peer/a')).toBeUndefined();
    // Deleting gives the room back.
    responses.delete('peer/b');
    responses.set('peer/d', datagram('ACK'));
    expect(responses.size).toBe(2);
    expect(responses.peek('peer/c')).toBeDefined();
    // A response larger than the whole budget is still kept, alone, until the next.
    const large = cache({ maxBytes: 5 });
    large.set('peer/e', datagram('ACK'));
    expect(large.size).toBe(1);
    large.set('peer/f', datagram('ACK'));
    expect(large.size).toBe(1);
    expect(large.peek('peer/f')).toBeDefined();
  });

  it('releases a response replaced under the same key, and everything on clear', () => {
    const responses = cache();
    const first = datagram('CON');
    const second = datagram('CON');
    responses.set('peer/x', first);
    responses.set('peer/x', second);
    expect(first.sender?.reset).toHaveBeenCalledOnce();
    expect(responses.peek('peer/x')).toBe(second);
    responses.clear();
    expect(second.sender?.reset).toHaveBeenCalledOnce();
    expect(responses.size).toBe(0);
  });

  it('keeps the empty ACK of a request in progress under the key with its token, where its copies look', async () => {
    const inProgress = new RequestsInProgress({ ttlMs: 247_000, maxEntries: 10 });
    const responses = cache({ inProgress });
    // Message id 0x1234 is 4660.
    inProgress.begin('10.0.0.1:5683/4660', '0a0b');
    // node-coap keys an empty ACK without a token.
    responses.set('10.0.0.1:5683/4660', emptyAck());
    expect(responses.peek('10.0.0.1:5683/4660')).toBeUndefined();
    expect(responses.peek('10.0.0.1:5683/46600a0b')?.equals(emptyAck())).toBe(true);
    expect(inProgress.isInProgress('10.0.0.1:5683/4660', '0a0b')).toBe(false);
    // The separate response that follows has a message id of its own and is kept where node-coap says.
    const separate = datagram('CON');
    responses.set('10.0.0.1:5683/99', separate);
    expect(responses.peek('10.0.0.1:5683/99')).toBe(separate);
  });

  it('ends a request’s time in progress with its piggybacked or non-confirmable answer, under node-coap’s key', () => {
    const inProgress = new RequestsInProgress({ ttlMs: 247_000, maxEntries: 10 });
    const responses = cache({ inProgress });
    inProgress.begin('[::1]:40000/4660', 'ff');
    responses.set('[::1]:40000/4660ff', datagram('ACK'));
    expect(inProgress.size).toBe(0);
    expect(responses.peek('[::1]:40000/4660ff')).toBeDefined();
    inProgress.begin('[::1]:40000/4660', '01');
    responses.set('[::1]:40000/466001', datagram('NON'));
    expect(inProgress.size).toBe(0);
    // An answer of no request in progress (an empty ACK node-coap sent for one it answers itself).
    responses.set('[::1]:40000/4660', emptyAck());
    expect(responses.peek('[::1]:40000/4660')).toBeDefined();
  });
});
