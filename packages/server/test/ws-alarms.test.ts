import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type EntityRef, newDevice, newTenant, newUser } from './factories.js';
import { DEMO, demoIds, expectOk, startServer, type TestServer } from './helper.js';
import { type Message, WsTestClient } from './ws-client.js';

/**
 * `alarmDataCmds` / `alarmDataUnsubscribeCmds` of the telemetry WebSocket (reference §3.2–3.3):
 * the first page, updates after alarms are raised, acknowledged and cleared through the REST API,
 * unsubscribing, replacing a command, and tenant isolation.
 */

interface AlarmDataJson {
  id: { id: string };
  type: string;
  status: string;
  entityId: EntityRef;
  latest: Record<string, Record<string, { ts: number; value: string }>>;
}

interface AlarmDataUpdateJson extends Message {
  cmdId: number;
  errorCode: number;
  errorMsg: string | null;
  cmdUpdateType: string;
  data: { data: AlarmDataJson[]; totalElements: number } | null;
  update: AlarmDataJson[] | null;
  allowedEntities: number;
  totalEntities: number;
}

let server: TestServer;
let tenantToken: string;
let customerToken: string;
let otherTenantToken: string;
let tenantId: string;
let customerAId: string;
const clients: WsTestClient[] = [];

/** Long enough that no refresh-interval re-query happens within a test unless it waits for one. */
const REFRESH_MS = 400;

beforeAll(async () => {
  server = await startServer({ env: { WS_REFRESH_INTERVAL_MS: String(REFRESH_MS) } });
  const ids = await demoIds(server.store);
  tenantId = ids.tenantId;
  customerAId = ids.customerAId;
  tenantToken = (await server.api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
  customerToken = (await server.api.login(DEMO.customer.email, DEMO.customer.password)).token;
  const otherTenant = await newTenant(server.store.db, 'WS Alarms Other Tenant');
  const otherAdmin = await newUser(server.store.db, { authority: 'TENANT_ADMIN', tenantId: otherTenant.id });
  otherTenantToken = (await server.api.login(otherAdmin.email, otherAdmin.password)).token;
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

afterAll(async () => {
  await server?.close();
});

async function connect(token: string): Promise<WsTestClient> {
  const client = await WsTestClient.connect(server.url, token);
  clients.push(client);
  return client;
}

const device = (customerId: string | null = null) =>
  newDevice(server.store.db, tenantId, `WS Alarm Device ${randomBytes(4).toString('hex')}`, { customerId });

async function raise(originator: EntityRef, type: string, token = tenantToken): Promise<string> {
  const body = { type, originator, severity: 'MAJOR', status: 'ACTIVE_UNACK' };
  return expectOk(await server.api.post<{ id: { id: string } }>('/api/alarm', body, { token })).id.id;
}

function alarmCmd(cmdId: number, entities: EntityRef[], pageLink: Record<string, unknown> = {}) {
  return {
    alarmDataCmds: [
      {
        cmdId,
        query: {
          entityFilter: { type: 'entityList', entityType: 'DEVICE', entityList: entities.map((e) => e.id) },
          pageLink: { pageSize: 10, page: 0, ...pageLink },
          entityFields: [{ type: 'ENTITY_FIELD', key: 'name' }],
          alarmFields: [{ type: 'ALARM_FIELD', key: 'type' }],
        },
      },
    ],
  };
}

const next = (client: WsTestClient, cmdId: number) => client.nextFor<AlarmDataUpdateJson>(cmdId);
const typesOf = (update: AlarmDataUpdateJson) => update.data?.data.map((entry) => entry.type) ?? [];

describe('alarmDataCmds', () => {
  it('sends the first page as ALARM_DATA with the reference fields', async () => {
    const d = await device();
    const alarmId = await raise(d, 'Initial');
    const client = await connect(tenantToken);
    client.send(alarmCmd(1, [d]));
    const first = await next(client, 1);
    expect(Object.keys(first)).toEqual([
      'cmdId',
      'errorCode',
      'errorMsg',
      'cmdUpdateType',
      'data',
      'update',
      'allowedEntities',
      'totalEntities',
    ]);
    expect(first).toMatchObject({
      cmdId: 1,
      errorCode: 0,
      errorMsg: null,
      cmdUpdateType: 'ALARM_DATA',
      update: null,
      allowedEntities: 10000,
      totalEntities: 1,
    });
    expect(first.data).toMatchObject({ totalElements: 1, totalPages: 1, hasNext: false });
    const entry = first.data?.data[0];
    expect(entry?.id.id).toBe(alarmId);
    expect(entry?.entityId).toEqual(d);
    expect(entry?.latest.ENTITY_FIELD?.name?.value).toMatch(/^WS Alarm Device/);
  });

  it('sends the page again after a new alarm, and the changed alarm after ack and clear', async () => {
    const d = await device();
    const client = await connect(tenantToken);
    client.send(alarmCmd(2, [d]));
    expect((await next(client, 2)).data?.totalElements).toBe(0);

    const alarmId = await raise(d, 'Raised');
    const raised = await next(client, 2);
    expect(raised.update).toBeNull();
    expect(typesOf(raised)).toEqual(['Raised']);

    expectOk(await server.api.post(`/api/alarm/${alarmId}/ack`, undefined, { token: tenantToken }));
    const acked = await next(client, 2);
    expect(acked.data).toBeNull();
    expect(acked.update?.map((entry) => [entry.id.id, entry.status])).toEqual([[alarmId, 'ACTIVE_ACK']]);
    // The entity's values stay on the changed alarm.
    expect(acked.update?.[0]?.latest.ENTITY_FIELD?.name?.value).toMatch(/^WS Alarm Device/);

    expectOk(await server.api.post(`/api/alarm/${alarmId}/clear`, undefined, { token: tenantToken }));
    const cleared = await next(client, 2);
    expect(cleared.update?.map((entry) => entry.status)).toEqual(['CLEARED_ACK']);
  });

  it('re-queries when a change takes an alarm out of the filters, or it is deleted', async () => {
    const d = await device();
    const keep = await raise(d, 'Keep');
    const gone = await raise(d, 'Gone');
    const client = await connect(tenantToken);
    client.send(alarmCmd(3, [d], { statusList: ['ACTIVE'] }));
    expect(typesOf(await next(client, 3)).sort()).toEqual(['Gone', 'Keep']);

    expectOk(await server.api.post(`/api/alarm/${gone}/clear`, undefined, { token: tenantToken }));
    expect(typesOf(await next(client, 3))).toEqual(['Keep']);

    expectOk(await server.api.delete(`/api/alarm/${keep}`, { token: tenantToken }));
    const afterDelete = await next(client, 3);
    expect(afterDelete.data).toMatchObject({ data: [], totalElements: 0 });
  });

  it('ignores alarms of entities outside the query and alarms not matching its filters', async () => {
    const d = await device();
    const elsewhere = await device();
    const client = await connect(tenantToken);
    client.send(alarmCmd(4, [d], { typeList: ['Wanted'] }));
    await next(client, 4);
    await raise(elsewhere, 'Wanted');
    await raise(d, 'Unwanted');
    expect(await client.drain(200, (m) => m.cmdId === 4)).toEqual([]);
    await raise(d, 'Wanted');
    expect(typesOf(await next(client, 4))).toEqual(['Wanted']);
  });

  it('stops updates after alarmDataUnsubscribeCmds', async () => {
    const d = await device();
    const client = await connect(tenantToken);
    client.send(alarmCmd(5, [d]));
    await next(client, 5);
    client.send({ alarmDataUnsubscribeCmds: [{ cmdId: 5 }] });
    // The unsubscribe is processed before a following frame's command answers.
    client.send(alarmCmd(6, [d]));
    await next(client, 6);
    await raise(d, 'After unsubscribe');
    expect(typesOf(await next(client, 6))).toEqual(['After unsubscribe']);
    expect(await client.drain(REFRESH_MS + 200, (m) => m.cmdId === 5)).toEqual([]);
  });

  it('replaces a command sent again under the same cmdId', async () => {
    const first = await device();
    const second = await device();
    const client = await connect(tenantToken);
    client.send(alarmCmd(7, [first]));
    await next(client, 7);
    client.send(alarmCmd(7, [second]));
    await next(client, 7);
    await raise(first, 'Old query');
    expect(await client.drain(200, (m) => m.cmdId === 7)).toEqual([]);
    await raise(second, 'New query');
    expect(typesOf(await next(client, 7))).toEqual(['New query']);
  });

  it('never shows another tenant’s subscription anything, nor a customer other customers’ alarms', async () => {
    const d = await device(customerAId);
    const tenantOnly = await device();
    const foreign = await connect(otherTenantToken);
    foreign.send(alarmCmd(8, [d, tenantOnly], { searchPropagatedAlarms: true }));
    expect(await next(foreign, 8)).toMatchObject({
      errorCode: 0,
      totalEntities: 0,
      data: { totalElements: 0 },
    });
    const customer = await connect(customerToken);
    customer.send(alarmCmd(9, [d, tenantOnly]));
    expect(await next(customer, 9)).toMatchObject({ totalEntities: 1, data: { totalElements: 0 } });

    await raise(tenantOnly, 'Tenant only');
    await raise(d, 'Customer A');
    expect(typesOf(await next(customer, 9))).toEqual(['Customer A']);
    expect(await foreign.drain(200, (m) => m.cmdId === 8)).toEqual([]);
    expect(await customer.drain(100, (m) => m.cmdId === 9)).toEqual([]);
  });

  it('answers a system administrator "Unauthorized" and validates the command', async () => {
    const sysadminToken = (await server.api.login(DEMO.sysadmin.email, DEMO.sysadmin.password)).token;
    const client = await connect(sysadminToken);
    client.send(alarmCmd(10, []));
    expect(await next(client, 10)).toMatchObject({
      errorCode: 3,
      errorMsg: 'Unauthorized',
      cmdUpdateType: 'ALARM_DATA',
      data: null,
    });
    const tenant = await connect(tenantToken);
    tenant.send({ alarmDataCmds: [{ cmdId: 11 }] });
    expect(await tenant.nextFor(11)).toMatchObject({ errorCode: 2, errorMsg: 'Query is empty!' });
    tenant.send({
      alarmDataCmds: [
        { cmdId: 12, query: { entityFilter: { type: 'entityType', entityType: 'DEVICE' }, pageLink: {} } },
      ],
    });
    expect(await next(tenant, 12)).toMatchObject({ errorCode: 2, cmdUpdateType: 'ALARM_DATA' });
  });
});
