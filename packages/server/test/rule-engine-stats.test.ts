import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO,
  type EntityIdJson,
  eventually,
  expectOk,
  type PageDataJson,
  startServer,
  type TestServer,
} from './helper.js';

/**
 * Statistics and error events of rule chains and nodes (reference `actors.statistics`): with a
 * short period, the root chain and its nodes report how many messages they processed, and a node
 * whose script throws reports its errors, visible to the tenant only.
 */

interface NodeJson {
  id: EntityIdJson;
  type: string;
  name: string;
  configuration: Record<string, unknown>;
}

interface EventJson {
  body: {
    server?: string;
    messagesProcessed?: number;
    errorsOccurred?: number;
    method?: string;
    error?: string;
  };
}

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startServer({
    env: { ACTORS_STATISTICS_PERSIST_FREQUENCY: '300', EVENTS_FLUSH_INTERVAL: '50' },
  });
  token = (await server.api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
});

afterAll(async () => {
  await server?.close();
});

async function events(entity: string, id: string, type: string, as = token): Promise<EventJson['body'][]> {
  const page = expectOk(
    await server.api.get<PageDataJson<EventJson>>(`/api/events/${entity}/${id}/${type}?pageSize=100&page=0`, {
      token: as,
    }),
  );
  return page.data.map((event) => event.body);
}

const total = (bodies: EventJson['body'][], field: 'messagesProcessed' | 'errorsOccurred') =>
  bodies.reduce((sum, body) => sum + (body[field] ?? 0), 0);

describe('rule engine statistics', () => {
  it('counts the messages of the root chain and its nodes, and the errors of a failing node', async () => {
    const chains = expectOk(
      await server.api.get<PageDataJson<{ id: EntityIdJson; root: boolean }>>(
        '/api/ruleChains?pageSize=50&page=0',
        {
          token,
        },
      ),
    );
    const root = chains.data.find((chain) => chain.root);
    if (!root) throw new Error('no root chain');
    const metadata = expectOk(
      await server.api.get<{
        nodes: NodeJson[];
        connections: { fromIndex: number; toIndex: number; type: string }[];
      }>(`/api/ruleChain/${root.id.id}/metadata`, { token }),
    );
    // A script filter between the switch and the telemetry save that throws for every message.
    const switchIndex = metadata.nodes.findIndex((n) => n.name === 'Message Type Switch');
    metadata.nodes.push({
      type: 'org.thingsboard.rule.engine.filter.TbJsFilterNode',
      name: 'Broken filter',
      configuration: { jsScript: 'return msg.missing.value > 1;' },
    } as unknown as NodeJson);
    metadata.connections.push({
      fromIndex: switchIndex,
      toIndex: metadata.nodes.length - 1,
      type: 'Post telemetry',
    });
    const saved = expectOk(
      await server.api.post<{ nodes: NodeJson[] }>('/api/ruleChain/metadata', metadata, { token }),
    );
    const save = saved.nodes.find((n) => n.name === 'Save Timeseries');
    const broken = saved.nodes.find((n) => n.name === 'Broken filter');
    if (!save || !broken) throw new Error('nodes not saved');

    const accessToken = `STATS_${Date.now()}`;
    expectOk(
      await server.api.post(
        `/api/device?accessToken=${accessToken}`,
        { name: 'Stats device', type: 'default' },
        { token },
      ),
    );
    for (let i = 0; i < 3; i++) {
      const res = await server.api.post(`/api/v1/${accessToken}/telemetry`, { temperature: 20 + i });
      expect(res.status, res.text).toBe(200);
    }

    await eventually(async () => {
      expect(
        total(await events('RULE_NODE', save.id.id, 'STATS'), 'messagesProcessed'),
      ).toBeGreaterThanOrEqual(3);
      expect(
        total(await events('RULE_CHAIN', root.id.id, 'STATS'), 'messagesProcessed'),
      ).toBeGreaterThanOrEqual(3);
      const brokenStats = await events('RULE_NODE', broken.id.id, 'STATS');
      expect(total(brokenStats, 'errorsOccurred')).toBe(3);
    });
    // One error event for the three failures: they came within the error period.
    const errors = await events('RULE_NODE', broken.id.id, 'ERROR');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.method).toBe('onMsg');
    expect(errors[0]?.error).toMatch(/missing|undefined/);

    // The tenant's customers see none of them (other tenants: the access matrix of the events API).
    const customer = (await server.api.login(DEMO.customer.email, DEMO.customer.password)).token;
    const res = await server.api.get(`/api/events/RULE_NODE/${save.id.id}/STATS?pageSize=10&page=0`, {
      token: customer,
    });
    expect(res.status).toBe(403);
  });
});
