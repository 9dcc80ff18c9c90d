import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
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

describe('health and the cluster page', () => {
  it('answers liveness and readiness without signing in', async () => {
    expect((await server.api.request('GET', '/api/health')).body).toEqual({ status: 'UP' });
    const ready = await server.api.request('GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'UP' });
  });

  it('shows a node running alone as a standalone node with no queue partitions', async () => {
    const { token } = await server.api.login(DEMO.sysadmin.email, DEMO.sysadmin.password);
    const res = await server.api.request('GET', '/api/admin/cluster', { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      mode: 'STANDALONE',
      clusterName: null,
      nodes: [
        { mqttPort: server.services.mqtt.port(), coapPort: server.services.coap.port(), partitions: [] },
      ],
      queues: [],
    });
  });
});

describe('cluster configuration', () => {
  it('refuses NATS_URL without a PostgreSQL database, and bad node or cluster names', () => {
    expect(() => loadConfig({ NATS_URL: 'nats://127.0.0.1:4222' })).toThrow(
      /needs a PostgreSQL DATABASE_URL/,
    );
    const pg = { NATS_URL: 'nats://127.0.0.1:4222', DATABASE_URL: 'postgres://x@localhost/db' };
    expect(() => loadConfig({ ...pg, NODE_ID: 'a b' })).toThrow(/NODE_ID/);
    expect(() => loadConfig({ ...pg, CLUSTER_NAME: 'a.b' })).toThrow(/CLUSTER_NAME/);
    expect(loadConfig({ ...pg, NODE_ID: 'n1', PORT: '9000' }).cluster).toEqual({
      natsUrl: 'nats://127.0.0.1:4222',
      name: 'meridian',
      nodeId: 'n1',
    });
    expect(loadConfig({}).cluster).toBeUndefined();
  });
});
