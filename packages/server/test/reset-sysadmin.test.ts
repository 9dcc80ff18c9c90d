import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO,
  expectError,
  expectOk,
  newStoreLocation,
  type StoreLocation,
  startServer,
  type TestServer,
  type UserJson,
} from './helper.js';

/**
 * `npm run reset-sysadmin` gives a locked-out system administrator the account back, on the store
 * under test (embedded files under DATA_DIR, or DATABASE_URL). The command runs as a real child
 * process, from source, while the server is stopped.
 */

const serverDir = path.resolve(import.meta.dirname, '..');
let location: StoreLocation;

beforeAll(async () => {
  location = await newStoreLocation({ persistent: true });
});

afterAll(async () => {
  await location?.drop();
});

function resetSysadmin(...args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/reset-sysadmin.ts', ...args], {
    cwd: serverDir,
    env: { ...process.env, DATA_DIR: location.dataDir, DATABASE_URL: location.databaseUrl ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

/** Starts the server on the location, runs `use`, and stops it again. */
async function withServer(use: (server: TestServer) => Promise<void>): Promise<void> {
  const server = await startServer({ location });
  try {
    await use(server);
  } finally {
    await server.close();
  }
}

const login = (server: TestServer, password: string) =>
  server.api.post<{ token: string }>('/api/auth/login', { username: DEMO.sysadmin.email, password });

/** Locks the only system administrator out with the security policy, as an attacker could. */
async function lockOutSysadmin(server: TestServer, password: string): Promise<void> {
  const { token } = expectOk(await login(server, password));
  const policy = { passwordPolicy: { minimumLength: 6 }, maxFailedLoginAttempts: 1 };
  expectOk(await server.api.post('/api/admin/securitySettings', policy, { token }));
  expectError(await login(server, 'guess-1'), 401, 10, 'Invalid username or password');
  expectError(await login(server, 'guess-2'), 401, 10, 'User account is locked due to security policy');
  expectError(await login(server, password), 401, 10, 'User account is not active');
}

describe('npm run reset-sysadmin', () => {
  it('re-enables a locked-out system administrator and resets the failed attempts', async () => {
    await withServer((server) => lockOutSysadmin(server, DEMO.sysadmin.password));
    const run = await resetSysadmin('--email', DEMO.sysadmin.email.toUpperCase());
    expect(run, run.output).toMatchObject({ code: 0 });
    expect(run.output).toContain(`${DEMO.sysadmin.email} is enabled`);
    await withServer(async (server) => {
      const { token } = expectOk(await login(server, DEMO.sysadmin.password));
      const me = expectOk(await server.api.get<UserJson>('/api/auth/user', { token }));
      expect(me.additionalInfo.failedLoginAttempts).toBe(0);
      expect(me.additionalInfo).not.toHaveProperty('lockoutTs');
    });
  });

  it('sets a new password when given one, and the old one stops working', async () => {
    await withServer((server) => lockOutSysadmin(server, DEMO.sysadmin.password));
    const run = await resetSysadmin('--email', DEMO.sysadmin.email, '--password', 'Recovered1!');
    expect(run, run.output).toMatchObject({ code: 0 });
    await withServer(async (server) => {
      expectError(await login(server, DEMO.sysadmin.password), 401, 10, 'Invalid username or password');
      const { token } = expectOk(await login(server, 'Recovered1!'));
      const me = expectOk(await server.api.get<UserJson>('/api/auth/user', { token }));
      expect(me.additionalInfo).not.toHaveProperty('defaultPasswordInUse');
    });
  });

  it('refuses an unknown address, a user who is not a system administrator, and a missing --email', async () => {
    const unknown = await resetSysadmin('--email', 'nobody@example.test');
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain("No system administrator has the email 'nobody@example.test'");
    const tenant = await resetSysadmin('--email', DEMO.tenant.email);
    expect(tenant.code).toBe(1);
    const missing = await resetSysadmin();
    expect(missing.code).toBe(2);
    expect(missing.output).toContain('Usage: npm run reset-sysadmin');
  });

  it('refuses a new password that breaks the password policy', async () => {
    const run = await resetSysadmin('--email', DEMO.sysadmin.email, '--password', 'abc');
    expect(run.code).toBe(1);
    expect(run.output).toContain('Password must be 6 or more characters');
  });
});
