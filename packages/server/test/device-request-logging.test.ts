import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startServer, type TestServer } from './helper.js';

/**
 * At the default `info` level the server logs console requests but not the devices' HTTP API
 * requests, which may come thousands a second (from LOG_LEVEL=debug on they are logged).
 */

let server: TestServer;
const lines: string[] = [];

beforeAll(async () => {
  server = await startServer({
    env: { LOG_LEVEL: 'info' },
    logDestination: { write: (line: string) => lines.push(line) },
  });
});

afterAll(async () => {
  await server?.close();
});

describe('request log at info', () => {
  it('has the console requests and not the device uploads', async () => {
    lines.length = 0;
    expect((await server.api.post('/api/v1/A1_TEST_TOKEN/telemetry', { temperature: 21 })).status).toBe(200);
    await server.api.login(DEMO.tenant.email, DEMO.tenant.password);
    const text = lines.join('');
    expect(text).toContain('/api/auth/login');
    expect(text).not.toContain('/api/v1/');
  });

  it('leaves out a device upload the server refuses as well (400)', async () => {
    lines.length = 0;
    expect((await server.api.post('/api/v1/A1_TEST_TOKEN/telemetry', '{"temperature":')).status).toBe(400);
    expect(lines.join('')).not.toContain('/api/v1/');
  });
});
