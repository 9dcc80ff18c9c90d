import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, signInCallers } from './callers.js';
import { eventually, expectOk, startServer, type TestServer } from './helper.js';
import { newLimitedTenant } from './limited-tenant.js';

/**
 * Monthly API usage (reference ApiUsageState): the tenant profile's maxREExecutions and
 * maxJSExecutions turn the tenant's rule engine and scripts off once reached; the counters and
 * states are time series of the tenant's API usage state entity, found with the apiUsageState
 * alias filter, and no other tenant or customer sees them.
 */

let server: TestServer;
let tokens: Record<Caller, string>;

type Series = Record<string, { ts: number; value: string }[]>;

beforeAll(async () => {
  // Counters and limits are written and read every second instead of every ten.
  server = await startServer({ env: { USAGE_STATS_REPORT_INTERVAL: '1' } });
  ({ tokens } = await signInCallers(server));
});

afterAll(async () => {
  await server?.close();
});

const as = (token: string) => ({ token });

const limitedTenant = (configuration: Record<string, unknown>) =>
  newLimitedTenant(server, tokens.sysadmin, configuration);

/** The tenant's API usage state entity, through the apiUsageState alias filter. */
async function usageEntity(token: string): Promise<string | undefined> {
  const page = expectOk(
    await server.api.post<{ data: { entityId: { id: string; entityType: string } }[] }>(
      '/api/entitiesQuery/find',
      {
        entityFilter: { type: 'apiUsageState' },
        pageLink: { pageSize: 10, page: 0 },
        entityFields: [{ type: 'ENTITY_FIELD', key: 'name' }],
      },
      as(token),
    ),
  );
  expect(page.data.every((row) => row.entityId.entityType === 'API_USAGE_STATE')).toBe(true);
  return page.data[0]?.entityId.id;
}

async function latest(token: string, entityType: string, id: string, keys: string): Promise<Series> {
  return expectOk(
    await server.api.get<Series>(
      `/api/plugins/telemetry/${entityType}/${id}/values/timeseries?keys=${keys}`,
      as(token),
    ),
  );
}

describe('rule engine executions (maxREExecutions)', () => {
  it("stop the tenant's rule engine at the limit: later telemetry is not stored", async () => {
    const t = await limitedTenant({ maxREExecutions: 12 });
    // Give the limits time to be read (they are read every report interval).
    await sleep(1500);
    let sent = 0;
    // Each message takes a few node executions through the root chain; 20 messages exceed 12.
    for (; sent < 20; sent++) {
      const res = await server.api.post(`/api/v1/${t.accessToken}/telemetry`, { counter: sent });
      expect(res.status).toBe(200);
    }
    const stored = await latest(t.token, 'DEVICE', t.deviceId, 'counter');
    const last = Number(stored.counter?.[0]?.value);
    expect(last).toBeGreaterThanOrEqual(1);
    expect(last).toBeLessThan(sent - 1);

    const entity = await usageEntity(t.token);
    expect(entity).toBeDefined();
    await eventually(async () => {
      const usage = await latest(
        t.token,
        'API_USAGE_STATE',
        entity as string,
        'ruleEngineExecutionCount,ruleEngineApiState,transportMsgCount',
      );
      expect(usage.ruleEngineApiState?.[0]?.value).toBe('DISABLED');
      expect(Number(usage.ruleEngineExecutionCount?.[0]?.value)).toBeGreaterThanOrEqual(12);
      expect(Number(usage.transportMsgCount?.[0]?.value)).toBe(20);
    }, 5000);
  });
});

describe('script executions (maxJSExecutions)', () => {
  it("refuse scripts past the limit with the reference's error", async () => {
    const t = await limitedTenant({ maxJSExecutions: 2 });
    await sleep(1500);
    const run = () =>
      server.api.post<{ output: string; error: string }>(
        '/api/ruleChain/testScript',
        {
          argNames: ['msg', 'metadata', 'msgType'],
          msg: '{"t": 25}',
          metadata: {},
          msgType: 'POST_TELEMETRY_REQUEST',
          scriptType: 'filter',
          script: 'return msg.t > 20;',
        },
        as(t.token),
      );
    expect(expectOk(await run())).toEqual({ output: 'true', error: '' });
    expect(expectOk(await run())).toEqual({ output: 'true', error: '' });
    expect(expectOk(await run()).error).toContain('JS Execution is disabled due to API limits!');
  });
});

describe('created alarms (maxCreatedAlarms)', () => {
  it("refuse a new alarm once the month's are created, and still update an active one", async () => {
    const t = await limitedTenant({ maxCreatedAlarms: 2 });
    await sleep(1500);
    const originator = { entityType: 'DEVICE', id: t.deviceId };
    const raise = (type: string, severity = 'MAJOR') =>
      server.api.post<{ id: { id: string }; severity: string; message: string; errorCode: number }>(
        '/api/alarm',
        { type, originator, severity, status: 'ACTIVE_UNACK' },
        as(t.token),
      );
    expect((await raise('Overheating')).status).toBe(200);
    expect((await raise('Leak')).status).toBe(200);
    const refused = await raise('Smoke');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      errorCode: 33,
      message: 'Alarms creation is disabled due to API limits!',
    });
    // The active alarm of a type is updated, not created: that goes on.
    const updated = await raise('Leak', 'CRITICAL');
    expect(updated.status).toBe(200);
    expect(updated.body.severity).toBe('CRITICAL');
    const entity = await usageEntity(t.token);
    await eventually(async () => {
      const usage = await latest(
        t.token,
        'API_USAGE_STATE',
        entity as string,
        'createdAlarmsCount,alarmApiState',
      );
      expect(usage.createdAlarmsCount?.[0]?.value).toBe('2');
      expect(usage.alarmApiState?.[0]?.value).toBe('DISABLED');
    }, 5000);
  });
});

describe('who sees the usage state', () => {
  it("a tenant administrator sees only the own tenant's; customers and other tenants nothing", async () => {
    const t = await limitedTenant({});
    const own = await usageEntity(t.token);
    const other = await usageEntity(tokens.tenantAdmin);
    expect(own).toBeDefined();
    expect(other).toBeDefined();
    expect(other).not.toBe(own);
    expect(await usageEntity(tokens.customerUser)).toBeUndefined();
    const res = await server.api.get(
      `/api/plugins/telemetry/API_USAGE_STATE/${own}/values/timeseries?keys=transportMsgCount`,
      as(tokens.tenantAdmin),
    );
    expect(res.status).toBe(403);
  });
});
