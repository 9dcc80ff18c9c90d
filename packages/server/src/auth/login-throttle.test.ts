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

/** The wait `admit` answers; an admitted attempt is released at once. */
function waitOf(throttle: LoginThrottle, account: string, address: string | undefined): number {
  const wait = throttle.admit(account, address);
  if (wait === 0) throttle.release(account);
  return wait;
}

describe('LoginThrottle', () => {
  it('makes a second attempt at an account wait while the first is being checked', () => {
    const { throttle } = throttleAt();
    expect(throttle.admit('ada@example.test', '10.0.0.1')).toBe(0);
    expect(throttle.admit('ADA@example.test', '10.0.0.2')).toBe(1000);
    expect(throttle.admit('bob@example.test', '10.0.0.1')).toBe(0);
    throttle.release('ada@example.test');
    expect(throttle.admit('ada@example.test', '10.0.0.2')).toBe(0);
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

  it('blocks the account from every address, case-insensitively', () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < 4; i++) throttle.recordFailure('Ada@Example.test', `10.0.0.${i}`);
    expect(waitOf(throttle, 'ada@example.test', '192.168.1.1')).toBe(1000);
    expect(waitOf(throttle, 'bob@example.test', '192.168.1.1')).toBe(0);
  });

  it('blocks an address that tries many accounts', () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < 11; i++) throttle.recordFailure(`user${i}@example.test`, '10.0.0.9');
    expect(waitOf(throttle, 'someone-else@example.test', '10.0.0.9')).toBe(1000);
    expect(waitOf(throttle, 'someone-else@example.test', '10.0.0.8')).toBe(0);
  });

  it('forgets the account after a success, but not the address', () => {
    const { throttle, clock } = throttleAt({ freeFailuresPerAddress: 3 });
    for (let i = 0; i < 4; i++) throttle.recordFailure('ada@example.test', '10.0.0.1');
    clock.now += 1000;
    throttle.recordSuccess('ada@example.test');
    throttle.recordFailure('ada@example.test', '10.0.0.1');
    // The account starts again from its free failures; the address is on its fifth failure.
    expect(waitOf(throttle, 'ada@example.test', undefined)).toBe(0);
    expect(waitOf(throttle, 'ada@example.test', '10.0.0.1')).toBe(2000);
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
