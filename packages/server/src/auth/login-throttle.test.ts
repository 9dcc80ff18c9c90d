import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle.js';

function throttleAt(settings: Partial<ConstructorParameters<typeof LoginThrottle>[0]> = {}) {
  const clock = { now: 1_000_000 };
  const throttle = new LoginThrottle(
    {
      freeFailuresPerAccount: 3,
      freeFailuresPerAddress: 10,
      baseDelayMs: 1000,
      maxDelayMs: 8000,
      ...settings,
    },
    () => clock.now,
  );
  return { throttle, clock };
}

/** The wait `admit` answers. */
const waitOf = (throttle: LoginThrottle, account: string, address: string | undefined): number =>
  throttle.admit(account, address);

describe('LoginThrottle', () => {
  it('checks attempts at one account one after the other, other accounts meanwhile', async () => {
    const { throttle } = throttleAt();
    const order: string[] = [];
    const first = await throttle.queue('ada@example.test');
    const second = throttle.queue('ADA@example.test').then((done) => {
      order.push('second ada');
      return done;
    });
    const bob = await throttle.queue('bob@example.test');
    order.push('bob');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual(['bob']);
    first();
    (await second)();
    bob();
    expect(order).toEqual(['bob', 'second ada']);
    // Nothing left waiting: a new attempt goes at once.
    (await throttle.queue('ada@example.test'))();
  });

  it('lets the free failures through, then doubles the delay after each failure up to the cap', () => {
    const { throttle, clock } = throttleAt();
    const delays: number[] = [];
    for (let i = 0; i < 8; i++) {
      throttle.recordFailure('ada@example.test', '10.0.0.1');
      delays.push(waitOf(throttle, 'ada@example.test', '10.0.0.1'));
      clock.now += delays.at(-1) ?? 0;
    }
    expect(delays).toEqual([0, 0, 0, 1000, 2000, 4000, 8000, 8000]);
  });

  it('blocks the account from the failing address only, case-insensitively', () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < 4; i++) throttle.recordFailure('Ada@Example.test', '10.0.0.1');
    expect(waitOf(throttle, 'ada@example.test', '10.0.0.1')).toBe(1000);
    // The owner elsewhere is not kept out, nor is another account from the attacker's address.
    expect(waitOf(throttle, 'ada@example.test', '192.168.1.1')).toBe(0);
    expect(waitOf(throttle, 'bob@example.test', '10.0.0.1')).toBe(0);
  });

  it('leaves failures spread over many addresses to the lockout policy', () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < 50; i++) throttle.recordFailure('ada@example.test', `10.0.${i}.1`);
    expect(waitOf(throttle, 'ada@example.test', '192.168.1.1')).toBe(0);
  });

  it('blocks an address that tries many accounts', () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < 11; i++) throttle.recordFailure(`user${i}@example.test`, '10.0.0.9');
    expect(waitOf(throttle, 'someone-else@example.test', '10.0.0.9')).toBe(1000);
    expect(waitOf(throttle, 'someone-else@example.test', '10.0.0.8')).toBe(0);
  });

  it('forgets the account at that address after a success, but not the address', () => {
    const { throttle, clock } = throttleAt({ freeFailuresPerAddress: 3 });
    for (let i = 0; i < 4; i++) throttle.recordFailure('ada@example.test', '10.0.0.1');
    clock.now += 1000;
    throttle.recordSuccess('ada@example.test', '10.0.0.1');
    throttle.recordFailure('ada@example.test', '10.0.0.1');
    // The pair starts again from its free failures; the address is on its fifth failure.
    expect(waitOf(throttle, 'ada@example.test', undefined)).toBe(0);
    expect(waitOf(throttle, 'ada@example.test', '10.0.0.1')).toBe(2000);
    expect(waitOf(throttle, 'bob@example.test', '10.0.0.1')).toBe(2000);
  });

  it('a success elsewhere does not clear the attacker address of the account', () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < 4; i++) throttle.recordFailure('ada@example.test', '10.0.0.1');
    throttle.recordSuccess('ada@example.test', '192.168.1.1');
    expect(waitOf(throttle, 'ada@example.test', '10.0.0.1')).toBe(1000);
  });

  it('forgets failures a quarter of an hour after the last one', () => {
    const { throttle, clock } = throttleAt();
    for (let i = 0; i < 3; i++) throttle.recordFailure('ada@example.test', '10.0.0.1');
    clock.now += 15 * 60 * 1000 + 1;
    throttle.recordFailure('ada@example.test', '10.0.0.1');
    expect(waitOf(throttle, 'ada@example.test', '10.0.0.1')).toBe(0);
  });

  it('never blocks with a base delay of 0', () => {
    const { throttle } = throttleAt({ baseDelayMs: 0 });
    for (let i = 0; i < 50; i++) throttle.recordFailure('ada@example.test', '10.0.0.1');
    expect(waitOf(throttle, 'ada@example.test', '10.0.0.1')).toBe(0);
  });
});
