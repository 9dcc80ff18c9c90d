import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectError, startServer, type TestServer } from './helper.js';

/**
 * The client address behind the per-address sign-in throttle is the TCP peer's unless TRUST_PROXY
 * says otherwise: a forged X-Forwarded-For must not buy a fresh address per request.
 */

const env = {
  SECURITY_LOGIN_FREE_FAILURES_PER_ACCOUNT: '100',
  SECURITY_LOGIN_FREE_FAILURES_PER_ADDRESS: '3',
  SECURITY_LOGIN_THROTTLE_BASE_DELAY: '60000',
};
let direct: TestServer;
let proxied: TestServer;

beforeAll(async () => {
  direct = await startServer({ demo: false, env });
  proxied = await startServer({ demo: false, env: { ...env, TRUST_PROXY: 'loopback' } });
});
afterAll(async () => {
  await direct?.close();
  await proxied?.close();
});

const guess = (server: TestServer, i: number) =>
  server.api.post(
    '/api/auth/login',
    { username: `nobody-${i}@example.test`, password: 'guess' },
    { headers: { 'x-forwarded-for': `203.0.113.${i}` } },
  );

describe('the client address of the sign-in throttle', () => {
  it('ignores X-Forwarded-For by default: forged addresses all count as the peer', async () => {
    for (let i = 1; i <= 4; i++) expectError(await guess(direct, i), 401, 10);
    expectError(await guess(direct, 5), 429, 33);
  });

  it('takes X-Forwarded-For from the proxies TRUST_PROXY names', async () => {
    for (let i = 1; i <= 6; i++) expectError(await guess(proxied, i), 401, 10);
  });
});
