import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  DEMO,
  type DemoIds,
  demoIds,
  type EntityIdJson,
  expectError,
  expectOk,
  NULL_UUID,
  type PageDataJson,
  startServer,
  type TestServer,
} from './helper.js';

/**
 * Attribute writes through the REST API are audited as the reference's TelemetryController does:
 * ATTRIBUTES_UPDATED with `{entityId, scope, attributes: {key: value as text}}` and
 * ATTRIBUTES_DELETED with `{entityId, scope, attributes: [keys]}`, read back through
 * GET /api/audit/logs…; refused input leaves nothing.
 */

interface AuditLogJson {
  customerId: EntityIdJson;
  entityId: EntityIdJson | null;
  entityName: string | null;
  userName: string | null;
  actionType: string;
  actionData: Record<string, unknown> | null;
  actionStatus: string;
  actionFailureDetails: string | null;
}

interface NamedJson {
  id: EntityIdJson;
  name: string;
}

let server: TestServer;
let api: ApiClient;
let ids: DemoIds;
let tenantToken: string;
let customerToken: string;

beforeAll(async () => {
  server = await startServer();
  api = server.api;
  ids = await demoIds(server.store);
  tenantToken = (await api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
  customerToken = (await api.login(DEMO.customer.email, DEMO.customer.password)).token;
});

afterAll(async () => {
  await server?.close();
});

const unique = (label: string) => `${label} ${randomBytes(4).toString('hex')}`;
const TELEMETRY = '/api/plugins/telemetry';

async function create(kind: 'device' | 'asset', body: Record<string, unknown> = {}): Promise<NamedJson> {
  const named = {
    name: unique(`Attribute audit ${kind}`),
    ...(kind === 'asset' ? { type: 'building' } : {}),
  };
  return expectOk(await api.post<NamedJson>(`/api/${kind}`, { ...named, ...body }, { token: tenantToken }));
}

/** The attribute entries about an entity, oldest first. */
async function attributeLog(entity: EntityIdJson): Promise<AuditLogJson[]> {
  const path =
    `/api/audit/logs/entity/${entity.entityType}/${entity.id}?pageSize=100&page=0` +
    '&sortProperty=createdTime&sortOrder=ASC&actionTypes=ATTRIBUTES_UPDATED,ATTRIBUTES_DELETED';
  return expectOk(await api.get<PageDataJson<AuditLogJson>>(path, { token: tenantToken })).data;
}

describe('attribute changes through the REST API in the audit log', () => {
  it('records ATTRIBUTES_UPDATED with the values as text', async () => {
    const device = await create('device');
    // Raw text: 2.0 stays a double, written as Java's Double.toString does.
    const body = '{"int":42,"dbl":2.5,"whole":2.0,"flag":true,"text":"on","obj":{"k":[1,"x"]}}';
    const saved = await api.request('POST', `${TELEMETRY}/DEVICE/${device.id.id}/SERVER_SCOPE`, {
      token: tenantToken,
      raw: body,
      contentType: 'application/json',
    });
    expect(saved.status).toBe(200);
    expect(await attributeLog(device.id)).toEqual([
      expect.objectContaining({
        entityId: device.id,
        entityName: device.name,
        userName: DEMO.tenant.email,
        customerId: { entityType: 'CUSTOMER', id: NULL_UUID },
        actionType: 'ATTRIBUTES_UPDATED',
        actionStatus: 'SUCCESS',
        actionFailureDetails: null,
        actionData: {
          entityId: device.id.id,
          scope: 'SERVER_SCOPE',
          attributes: { int: '42', dbl: '2.5', whole: '2.0', flag: 'true', text: 'on', obj: '{"k":[1,"x"]}' },
        },
      }),
    ]);
  });

  it('records the v2 and the legacy device forms, and assets', async () => {
    const device = await create('device');
    const asset = await create('asset');
    const opts = { token: tenantToken };
    expectOk(await api.post(`${TELEMETRY}/DEVICE/${device.id.id}/attributes/SHARED_SCOPE`, { a: 1 }, opts));
    expectOk(await api.post(`${TELEMETRY}/${device.id.id}/SERVER_SCOPE`, { b: 'x' }, opts));
    expectOk(await api.post(`${TELEMETRY}/ASSET/${asset.id.id}/attributes/SERVER_SCOPE`, { c: false }, opts));
    expect((await attributeLog(device.id)).map((entry) => entry.actionData)).toEqual([
      { entityId: device.id.id, scope: 'SHARED_SCOPE', attributes: { a: '1' } },
      { entityId: device.id.id, scope: 'SERVER_SCOPE', attributes: { b: 'x' } },
    ]);
    expect((await attributeLog(asset.id)).map((entry) => entry.actionData)).toEqual([
      { entityId: asset.id.id, scope: 'SERVER_SCOPE', attributes: { c: 'false' } },
    ]);
  });

  it('records ATTRIBUTES_DELETED with the keys, in both delete forms', async () => {
    const device = await create('device');
    const opts = { token: tenantToken };
    expectOk(await api.post(`${TELEMETRY}/DEVICE/${device.id.id}/SERVER_SCOPE`, { a: 1, b: 2, c: 3 }, opts));
    expectOk(await api.delete(`${TELEMETRY}/DEVICE/${device.id.id}/SERVER_SCOPE?keys=a,b`, opts));
    expectOk(await api.delete(`${TELEMETRY}/${device.id.id}/SERVER_SCOPE?keys=c`, opts));
    const deleted = (await attributeLog(device.id)).filter(
      (entry) => entry.actionType === 'ATTRIBUTES_DELETED',
    );
    expect(deleted).toEqual([
      expect.objectContaining({
        actionStatus: 'SUCCESS',
        userName: DEMO.tenant.email,
        actionData: { entityId: device.id.id, scope: 'SERVER_SCOPE', attributes: ['a', 'b'] },
      }),
      expect.objectContaining({
        actionData: { entityId: device.id.id, scope: 'SERVER_SCOPE', attributes: ['c'] },
      }),
    ]);
  });

  it("files a customer user's change under their customer", async () => {
    const device = await create('device', { customerId: { entityType: 'CUSTOMER', id: ids.customerAId } });
    const saved = await api.post(
      `${TELEMETRY}/DEVICE/${device.id.id}/attributes/SERVER_SCOPE`,
      { setpoint: 21.5 },
      { token: customerToken },
    );
    expect(saved.status).toBe(200);
    expect(await attributeLog(device.id)).toEqual([
      expect.objectContaining({
        userName: DEMO.customer.email,
        customerId: { entityType: 'CUSTOMER', id: ids.customerAId },
        actionData: { entityId: device.id.id, scope: 'SERVER_SCOPE', attributes: { setpoint: '21.5' } },
      }),
    ]);
  });

  it('records nothing for refused input', async () => {
    const device = await create('device');
    const opts = { token: tenantToken };
    expectError(await api.post(`${TELEMETRY}/DEVICE/${device.id.id}/CLIENT_SCOPE`, { a: 1 }, opts), 400, 31);
    expectError(await api.post(`${TELEMETRY}/DEVICE/${device.id.id}/SERVER_SCOPE`, {}, opts), 400, 31);
    expectError(await api.delete(`${TELEMETRY}/DEVICE/${device.id.id}/BAD_SCOPE?keys=a`, opts), 400, 31);
    expect(await attributeLog(device.id)).toEqual([]);
  });
});
