import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startServer, type TestServer } from './helper.js';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/system/info', () => {
  it('names the product and the device transport ports the console builds commands with', async () => {
    const { token } = await server.api.login(DEMO.customer.email, DEMO.customer.password);
    const res = await server.api.request('GET', '/api/system/info', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      version: '3.3.4',
      artifact: 'meridian',
      name: 'Meridian',
      // The bound ports: tests listen on ephemeral ones.
      mqttPort: server.services.mqtt.port(),
      mqttSslPort: null,
      coapPort: server.services.coap.port(),
    });
    expect(server.services.mqtt.port()).toBeGreaterThan(0);
    expect(server.services.coap.port()).toBeGreaterThan(0);
  });
});
