import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser } from './factories.js';
import { DEMO, demoIds, expectOk, startServer, type TestServer } from './helper.js';
import { connackCode } from './mqtt-client.js';
import { WsTestClient } from './ws-client.js';

/**
 * The log of a real server, captured at its pino destination, carries no JWT, device access
 * token, activation or reset token, whichever way they came in (URL path, query, MQTT username).
 */

let server: TestServer;
const lines: string[] = [];
const logText = () => lines.join('');

beforeAll(async () => {
  server = await startServer({
    env: { LOG_LEVEL: 'debug' },
    logDestination: { write: (line: string) => lines.push(line) },
  });
});

afterAll(async () => {
  await server?.close();
});

describe('secrets in the server log', () => {
  it('redacts the JWT of a WebSocket session', async () => {
    const { token } = await server.api.login(DEMO.tenant.email, DEMO.tenant.password);
    const ws = await WsTestClient.connect(server.url, token);
    ws.socket.close();
    await ws.closed;
    expect(logText()).toContain('/api/ws/plugins/telemetry?token=***');
    expect(logText()).not.toContain(token);
    expect(logText()).not.toContain(token.split('.')[2]);
  });

  it('redacts device access tokens in the HTTP device API, in a 404 and in a query', async () => {
    const accessToken = 'A1_TEST_TOKEN';
    const posted = await server.api.post(`/api/v1/${accessToken}/telemetry`, { temperature: 21 });
    expect(posted.status).toBe(200);
    expect((await server.api.get(`/api/v1/${accessToken}/attributes?clientKeys=a`)).status).toBe(200);
    expect((await server.api.get(`/api/v1/${accessToken}/no-such-feature`)).status).toBe(404);

    const { token } = await server.api.login(DEMO.tenant.email, DEMO.tenant.password);
    const chosen = 'CHOSEN_SECRET_DEVICE_TOKEN';
    expectOk(
      await server.api.post(`/api/device?accessToken=${chosen}`, { name: 'Logged device' }, { token }),
    );

    expect(logText()).toContain('/api/v1/***/telemetry');
    expect(logText()).toContain('not found');
    expect(logText()).toContain('/api/device?accessToken=***');
    expect(logText()).not.toContain(accessToken);
    expect(logText()).not.toContain(chosen);
  });

  it('redacts activation and reset tokens in the links of mails', async () => {
    const ids = await demoIds(server.store);
    const pending = await newUser(server.store.db, {
      authority: 'CUSTOMER_USER',
      tenantId: ids.tenantId,
      customerId: ids.customerAId,
      enabled: false,
    });
    const activateToken = pending.activateToken ?? '';
    expect(activateToken).not.toBe('');
    expect((await server.api.get(`/api/noauth/activate?activateToken=${activateToken}`)).status).toBe(303);
    expect((await server.api.get('/api/noauth/resetPassword?resetToken=ResetSecret123')).status).toBe(409);

    expect(logText()).toContain('/api/noauth/activate?activateToken=***');
    expect(logText()).toContain('/api/noauth/resetPassword?resetToken=***');
    expect(logText()).not.toContain(activateToken);
    expect(logText()).not.toContain('ResetSecret123');
  });

  it('does not log the access token an MQTT device was refused with', async () => {
    const before = lines.length;
    expect(
      await connackCode(server, { username: 'WRONG_SECRET_MQTT_TOKEN', clientId: 'redaction-test' }),
    ).toBe(5);
    const mqttLines = lines.slice(before).join('');
    expect(mqttLines).toContain('MQTT connection refused');
    expect(mqttLines).not.toContain('WRONG_SECRET_MQTT_TOKEN');
  });
});
