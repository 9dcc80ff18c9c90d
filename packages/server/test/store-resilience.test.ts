import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startServer, storeKind, type TestServer } from './helper.js';

/**
 * PostgreSQL may end the server's idle connections (a restart, an administrator's
 * pg_terminate_backend): the pool replaces them and the server keeps answering.
 */
describe.skipIf(storeKind() !== 'postgres')('PostgreSQL connections ended under the server', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });

  afterAll(async () => {
    await server.close();
  });

  it('survives the termination of its idle connections', async () => {
    const login = () => server.api.login(DEMO.tenant.email, DEMO.tenant.password);
    await Promise.all([login(), login(), login()]);
    const database = new URL(server.config.databaseUrl as string).pathname.slice(1);
    const admin = new pg.Client({
      connectionString: process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    });
    await admin.connect();
    try {
      const ended = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      );
      expect(ended.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await login()).token).toBeTruthy();
  });
});
