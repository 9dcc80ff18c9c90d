import { describe, expect, it } from 'vitest';
import { exchangeOf, peerOf, RequestsInProgress } from './requests-in-progress.js';

const exchange = exchangeOf(peerOf({ address: '10.0.0.1', port: 5683 }), 7);

describe('the requests the CoAP server is processing', () => {
  it('names an exchange as node-coap’s response keys begin', () => {
    expect(exchange).toBe('10.0.0.1:5683/7');
  });

  it('recognises a copy of a request until it is answered', () => {
    const inProgress = new RequestsInProgress({ ttlMs: 1_000, maxEntries: 10 });
    expect(inProgress.isInProgress(exchange, 'ab')).toBe(false);
    inProgress.begin(exchange, 'ab');
    expect(inProgress.isInProgress(exchange, 'ab')).toBe(true);
    // The same message id with another token is another request.
    expect(inProgress.isInProgress(exchange, 'cd')).toBe(false);
    expect(inProgress.answered(exchange)).toBe('ab');
    expect(inProgress.isInProgress(exchange, 'ab')).toBe(false);
    expect(inProgress.answered(exchange)).toBeUndefined();
  });

  it('forgets a request never answered after the exchange lifetime', () => {
    let now = 0;
    const inProgress = new RequestsInProgress({ ttlMs: 1_000, maxEntries: 10, now: () => now });
    inProgress.begin(exchange, 'ab');
    inProgress.begin(exchangeOf('10.0.0.1:5683', 8), 'ab');
    now = 500;
    inProgress.begin(exchangeOf('10.0.0.1:5683', 9), 'ab');
    now = 1_000;
    expect(inProgress.isInProgress(exchange, 'ab')).toBe(false);
    inProgress.purgeStale();
    expect(inProgress.size).toBe(1);
    expect(inProgress.isInProgress(exchangeOf('10.0.0.1:5683', 9), 'ab')).toBe(true);
  });

  it('keeps at most its number of requests, the oldest dropped first', () => {
    const inProgress = new RequestsInProgress({ ttlMs: 1_000, maxEntries: 2 });
    for (const id of [1, 2, 3]) inProgress.begin(exchangeOf('p', id), '');
    expect(inProgress.size).toBe(2);
    expect(inProgress.isInProgress(exchangeOf('p', 1), '')).toBe(false);
    expect(inProgress.isInProgress(exchangeOf('p', 3), '')).toBe(true);
    inProgress.clear();
    expect(inProgress.size).toBe(0);
  });
});
