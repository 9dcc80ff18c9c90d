import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, expectError, startServer, type TestServer } from './helper.js';

let server: TestServer;
let tenant: string;

beforeAll(async () => {
  server = await startServer();
  tenant = (await server.api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
});
afterAll(async () => {
  await server.close();
});

/** Sends raw bytes and returns the whole answer as text. */
function rawExchange(request: string): Promise<string> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

const bodyOf = (answer: string) =>
  JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;

describe('HTTP-level errors answer in the reference error JSON', () => {
  it('431 for headers too large', async () => {
    const res = await server.api.get('/api/auth/user', {
      token: tenant,
      headers: { 'x-big': 'a'.repeat(20_000) },
    });
    expectError(res, 431, 31, 'Request header fields too large');
  });

  it('400 for a malformed request line', async () => {
    const answer = await rawExchange('NOT HTTP AT ALL\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('Content-Type: application/json');
    expect(bodyOf(answer)).toMatchObject({ status: 400, errorCode: 31, message: 'Malformed HTTP request' });
  });

  it('400 for a malformed header', async () => {
    const answer = await rawExchange('GET /api/auth/user HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(answer)).toMatchObject({ status: 400, errorCode: 31 });
  });
});

describe('store errors', () => {
  it("say what to change without echoing the database's message", async () => {
    const res = await server.api.post('/api/device', { name: 'nul', label: 'x\u0000y' }, { token: tenant });
    const body = expectError(res, 400, 31);
    expect(body.message).toBe('Invalid request: text holds a character that cannot be stored (such as NUL)');
    expect(res.text).not.toMatch(/0x00|byte sequence|UTF8|unicode/i);
  });
});
