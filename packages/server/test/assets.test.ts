import { v1 as uuidv1 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLERS, type Caller, signInCallers } from './callers.js';
import { newCustomer, newTenant, newUser, type TenantRef } from './factories.js';
import {
  type ApiResponse,
  type DemoIds,
  type EntityIdJson,
  type ErrorBody,
  expectError,
  expectOk,
  NULL_UUID,
  type PageDataJson,
  startServer,
  type TestServer,
} from './helper.js';

/**
 * Assets (reference AssetController): CRUD, lists and filters, customer assignment (shared with
 * devices), related-asset search, and who may do what.
 */

interface AssetJson {
  id: EntityIdJson;
  createdTime: number;
  additionalInfo: Record<string, unknown> | null;
  tenantId: EntityIdJson;
  customerId: EntityIdJson;
  name: string;
  type: string;
  label: string | null;
}

interface AssetInfoJson extends AssetJson {
  customerTitle: string | null;
  customerIsPublic: boolean;
}

let server: TestServer;
let ids: DemoIds;
let otherTenant: TenantRef;
let tokens: Record<Caller, string>;

beforeAll(async () => {
  server = await startServer();
  ({ ids, otherTenant, tokens } = await signInCallers(server));
});

afterAll(async () => {
  await server?.close();
});

const as = (caller: Caller) => ({ token: tokens[caller] });
const ta = () => as('tenantAdmin');
let counter = 0;
const uniqueName = (label = 'Asset') => `${label} ${Date.now().toString(36)}-${++counter}`;
const customerRef = (id: string) => ({ entityType: 'CUSTOMER', id });

async function createAsset(body: Record<string, unknown> = {}): Promise<AssetJson> {
  return expectOk(
    await server.api.post<AssetJson>('/api/asset', { name: uniqueName(), type: 'building', ...body }, ta()),
  );
}

describe('POST /api/asset', () => {
  it('creates, reads and updates an asset', async () => {
    const asset = await createAsset({ label: 'HQ', additionalInfo: { description: 'main' } });
    expect(asset).toEqual({
      id: { entityType: 'ASSET', id: expect.any(String) },
      createdTime: expect.any(Number),
      additionalInfo: { description: 'main' },
      tenantId: { entityType: 'TENANT', id: ids.tenantId },
      customerId: { entityType: 'CUSTOMER', id: NULL_UUID },
      name: asset.name,
      type: 'building',
      label: 'HQ',
    });
    expect(expectOk(await server.api.get(`/api/asset/${asset.id.id}`, ta()))).toEqual(asset);
    const updated = expectOk(
      await server.api.post<AssetJson>('/api/asset', { ...asset, type: 'floor', label: null }, ta()),
    );
    expect(updated).toEqual({ ...asset, type: 'floor', label: null });
    expect(expectOk(await server.api.get(`/api/asset/${asset.id.id}`, ta()))).toEqual(updated);
  });

  it('names what is missing or wrong', async () => {
    const post = (body: Record<string, unknown>) => server.api.post('/api/asset', body, ta());
    expectError(await post({ type: 't' }), 400, 31, 'Asset name should be specified!');
    expectError(await post({ name: uniqueName() }), 400, 31, 'Asset type should be specified!');
    expectError(await post({ name: uniqueName(), type: ' ' }), 400, 31, 'Asset type should be specified!');
    expectError(await post({ name: uniqueName(), type: 't', label: 'l'.repeat(256) }), 400, 31, /'label'/);
    const existing = await createAsset();
    expectError(
      await post({ name: existing.name, type: 't' }),
      400,
      31,
      'Asset with such name already exists!',
    );
    const foreign = await newCustomer(server.store.db, otherTenant.id);
    expectError(
      await post({ name: uniqueName(), type: 't', customerId: customerRef(foreign.id) }),
      400,
      31,
      "Can't assign asset to non-existent customer!",
    );
    expectError(
      await server.api.post('/api/asset', { ...existing, id: { entityType: 'ASSET', id: uuidv1() } }, ta()),
      404,
      32,
    );
  });

  it('lets a customer user edit assets of their customer only, and create none', async () => {
    const mine = await createAsset({ customerId: customerRef(ids.customerAId) });
    const theirs = await createAsset({ customerId: customerRef(ids.customerBId) });
    const cu = as('customerUser');
    const edited = expectOk(
      await server.api.post<AssetJson>(
        '/api/asset',
        { ...mine, label: 'by customer', customerId: customerRef(ids.customerBId) },
        cu,
      ),
    );
    expect(edited).toMatchObject({ label: 'by customer', customerId: customerRef(ids.customerAId) });
    expectError(await server.api.post('/api/asset', { ...theirs, label: 'x' }, cu), 403, 20);
    expectError(await server.api.post('/api/asset', { name: uniqueName(), type: 't' }, cu), 403, 20);
  });

  it('stops at the entity limit of the tenant profile', async () => {
    const { db } = server.store;
    const profileId = uuidv1();
    await db
      .insertInto('tenantProfile')
      .values({
        id: profileId,
        createdTime: Date.now(),
        name: `Limited ${profileId}`,
        description: null,
        profileData: JSON.stringify({ configuration: { type: 'DEFAULT', maxAssets: 1 } }),
        isDefault: false,
        isolatedTbCore: false,
        isolatedTbRuleEngine: false,
      })
      .execute();
    const limited = await newTenant(db);
    await db.updateTable('tenant').set({ tenantProfileId: profileId }).where('id', '=', limited.id).execute();
    const admin = await newUser(db, { authority: 'TENANT_ADMIN', tenantId: limited.id });
    const { token } = await server.api.login(admin.email, admin.password);
    expectOk(await server.api.post('/api/asset', { name: 'first', type: 't' }, { token }));
    expectError(
      await server.api.post('/api/asset', { name: 'second', type: 't' }, { token }),
      400,
      31,
      "Can't create more then 1 assets!",
    );
  });
});

describe('DELETE /api/asset/{assetId}', () => {
  it('deletes the asset and its relations, unless entity views show it', async () => {
    const asset = await createAsset();
    const { db } = server.store;
    await db
      .insertInto('relation')
      .values({
        fromId: asset.id.id,
        fromType: 'ASSET',
        toId: ids.customerAId,
        toType: 'CUSTOMER',
        relationTypeGroup: 'COMMON',
        relationType: 'Manages',
        additionalInfo: null,
      })
      .execute();
    expectOk(await server.api.delete(`/api/asset/${asset.id.id}`, ta()));
    expectError(await server.api.get(`/api/asset/${asset.id.id}`, ta()), 404, 32);
    expect(
      await db.selectFrom('relation').select('toId').where('fromId', '=', asset.id.id).execute(),
    ).toEqual([]);

    const viewed = await createAsset();
    await db
      .insertInto('entityView')
      .values({
        id: uuidv1(),
        createdTime: Date.now(),
        tenantId: ids.tenantId,
        customerId: null,
        entityId: viewed.id.id,
        entityType: 'ASSET',
        name: uniqueName('View'),
        type: 'default',
        keys: null,
        startTs: 0,
        endTs: 0,
        additionalInfo: null,
      })
      .execute();
    expectError(
      await server.api.delete(`/api/asset/${viewed.id.id}`, ta()),
      400,
      31,
      "Can't delete asset that has entity views!",
    );
  });
});

describe('asset lists', () => {
  it('pages, searches, sorts and filters by type', async () => {
    const prefix = `Listed ${Date.now().toString(36)}`;
    await createAsset({ name: `${prefix} 2`, type: 'zone', customerId: customerRef(ids.customerBId) });
    await createAsset({ name: `${prefix} 1`, type: 'room', customerId: customerRef(ids.customerAId) });
    await createAsset({ name: `${prefix} 3`, type: 'room' });
    const url = (path: string, q = '') =>
      `/api/tenant/${path}?pageSize=2&page=0&textSearch=${encodeURIComponent(prefix)}${q}`;
    const first = expectOk(
      await server.api.get<PageDataJson<AssetJson>>(url('assets', '&sortProperty=name'), ta()),
    );
    expect(first.data.map((a) => a.name)).toEqual([`${prefix} 1`, `${prefix} 2`]);
    expect(first).toMatchObject({ totalElements: 3, totalPages: 2, hasNext: true });
    const rooms = expectOk(
      await server.api.get<PageDataJson<AssetJson>>(
        url('assets', '&type=room&sortProperty=name&sortOrder=DESC'),
        ta(),
      ),
    );
    expect(rooms.data.map((a) => a.name)).toEqual([`${prefix} 3`, `${prefix} 1`]);
    const infos = expectOk(
      await server.api.get<PageDataJson<AssetInfoJson>>(
        url('assetInfos', '&sortProperty=customerTitle&sortOrder=ASC'),
        ta(),
      ),
    );
    expect(infos.data.map((a) => [a.name, a.customerTitle, a.customerIsPublic])).toEqual([
      [`${prefix} 1`, 'Customer A', false],
      [`${prefix} 2`, 'Customer B', false],
    ]);
    for (const sort of ['createdTime', 'type', 'label']) {
      expectOk(await server.api.get(url('assetInfos', `&sortProperty=${sort}`), ta()));
    }
    expectError(await server.api.get(url('assets', '&sortProperty=password'), ta()), 400, 31);
    expectError(await server.api.get('/api/tenant/assetInfos?page=0', ta()), 400, 31, /'pageSize'/);
  });

  it('lists the assets of a customer for its users and the tenant administrator only', async () => {
    const a = await createAsset({ customerId: customerRef(ids.customerAId) });
    const b = await createAsset({ customerId: customerRef(ids.customerBId) });
    for (const path of ['assets', 'assetInfos']) {
      const url = `/api/customer/${ids.customerAId}/${path}?pageSize=100&page=0`;
      for (const caller of ['tenantAdmin', 'customerUser'] as const) {
        const listed = expectOk(await server.api.get<PageDataJson<AssetJson>>(url, as(caller))).data.map(
          (x) => x.id.id,
        );
        expect(listed).toContain(a.id.id);
        expect(listed).not.toContain(b.id.id);
      }
      expectError(await server.api.get(url, as('otherCustomerUser')), 403, 20);
      expectError(await server.api.get(url, as('otherTenantAdmin')), 403, 20);
    }
    const info = expectOk(
      await server.api.get<AssetInfoJson>(`/api/asset/info/${a.id.id}`, as('customerUser')),
    );
    expect(info).toEqual({ ...a, customerTitle: 'Customer A', customerIsPublic: false });
  });

  it('finds a tenant asset by name, assets by ids, and the asset types', async () => {
    const type = uniqueName('Kind');
    const a = await createAsset({ type, customerId: customerRef(ids.customerAId) });
    const b = await createAsset({ customerId: customerRef(ids.customerBId) });
    expect(
      expectOk(await server.api.get(`/api/tenant/assets?assetName=${encodeURIComponent(a.name)}`, ta())),
    ).toEqual(a);
    expectError(await server.api.get(`/api/tenant/assets?assetName=${uuidv1()}`, ta()), 404, 32);
    const query = `/api/assets?assetIds=${a.id.id},${b.id.id}`;
    expect(
      expectOk(await server.api.get<AssetJson[]>(query, ta()))
        .map((x) => x.id.id)
        .sort(),
    ).toEqual([a.id.id, b.id.id].sort());
    expect(
      expectOk(await server.api.get<AssetJson[]>(query, as('customerUser'))).map((x) => x.id.id),
    ).toEqual([a.id.id]);
    expect(expectOk(await server.api.get<AssetJson[]>(query, as('otherTenantAdmin')))).toEqual([]);
    expectError(await server.api.get('/api/assets?assetIds=1,2', ta()), 400, 31, /assetIds/);
    const types = expectOk(
      await server.api.get<{ type: string; entityType: string }[]>('/api/asset/types', ta()),
    );
    expect(types).toContainEqual({
      tenantId: { entityType: 'TENANT', id: ids.tenantId },
      entityType: 'ASSET',
      type,
    });
    const foreignTypes = expectOk(
      await server.api.get<{ type: string }[]>('/api/asset/types', as('otherTenantAdmin')),
    );
    expect(foreignTypes.map((t) => t.type)).not.toContain(type);
  });

  it('finds assets related to an entity, of the requested types', async () => {
    const type = uniqueName('Related');
    const root = await createAsset();
    const child = await createAsset({ type });
    await createAsset({ type });
    await server.store.db
      .insertInto('relation')
      .values({
        fromId: root.id.id,
        fromType: 'ASSET',
        toId: child.id.id,
        toType: 'ASSET',
        relationTypeGroup: 'COMMON',
        relationType: 'Contains',
        additionalInfo: null,
      })
      .execute();
    const body = {
      parameters: { rootId: root.id.id, rootType: 'ASSET', direction: 'FROM', maxLevel: 1 },
      assetTypes: [type],
    };
    expect(expectOk(await server.api.post<AssetJson[]>('/api/assets', body, ta()))).toEqual([child]);
    expect(
      expectOk(await server.api.post<AssetJson[]>('/api/assets', { ...body, assetTypes: ['other'] }, ta())),
    ).toEqual([]);
    expectError(await server.api.post('/api/assets', body, as('otherTenantAdmin')), 403, 20);
  });
});

describe('customer assignment', () => {
  it('assigns, unassigns and makes public', async () => {
    const asset = await createAsset();
    const id = asset.id.id;
    const assigned = expectOk(
      await server.api.post<AssetJson>(`/api/customer/${ids.customerBId}/asset/${id}`, undefined, ta()),
    );
    expect(assigned).toEqual({ ...asset, customerId: customerRef(ids.customerBId) });
    expect(expectOk(await server.api.get(`/api/asset/${id}`, as('otherCustomerUser')))).toEqual(assigned);
    const unassigned = expectOk(await server.api.delete<AssetJson>(`/api/customer/asset/${id}`, ta()));
    expect(unassigned.customerId.id).toBe(NULL_UUID);
    expectError(
      await server.api.delete(`/api/customer/asset/${id}`, ta()),
      400,
      31,
      "Asset isn't assigned to any customer!",
    );
    expectOk(await server.api.post(`/api/customer/public/asset/${id}`, undefined, ta()));
    const info = expectOk(await server.api.get<AssetInfoJson>(`/api/asset/info/${id}`, ta()));
    expect(info).toMatchObject({ customerTitle: 'Public', customerIsPublic: true });
    const foreign = await newCustomer(server.store.db, otherTenant.id);
    expectError(await server.api.post(`/api/customer/${foreign.id}/asset/${id}`, undefined, ta()), 403, 20);
    expectError(await server.api.post(`/api/customer/${uuidv1()}/asset/${id}`, undefined, ta()), 404, 32);
  });
});

interface Row {
  name: string;
  statuses: readonly [number, number, number, number, number];
  request(asset: AssetJson): { method: string; path: string; json?: unknown };
}

// Callers: SA, TA, CU of Customer A, TA of another tenant, CU of Customer B; the asset belongs to Customer A.
const ROWS: Row[] = [
  {
    name: 'GET asset',
    statuses: [403, 200, 200, 403, 403],
    request: (a) => ({ method: 'GET', path: `/api/asset/${a.id.id}` }),
  },
  {
    name: 'GET asset info',
    statuses: [403, 200, 200, 403, 403],
    request: (a) => ({ method: 'GET', path: `/api/asset/info/${a.id.id}` }),
  },
  {
    name: 'POST asset (update)',
    statuses: [403, 200, 200, 403, 403],
    request: (a) => ({ method: 'POST', path: '/api/asset', json: { ...a, label: 'changed' } }),
  },
  {
    name: 'POST asset (create)',
    statuses: [403, 200, 403, 200, 403],
    request: () => ({ method: 'POST', path: '/api/asset', json: { name: uniqueName(), type: 't' } }),
  },
  {
    name: 'DELETE asset',
    statuses: [403, 200, 403, 403, 403],
    request: (a) => ({ method: 'DELETE', path: `/api/asset/${a.id.id}` }),
  },
  {
    name: 'assign to customer B',
    statuses: [403, 200, 403, 403, 403],
    request: (a) => ({ method: 'POST', path: `/api/customer/${ids.customerBId}/asset/${a.id.id}` }),
  },
  {
    name: 'unassign',
    statuses: [403, 200, 403, 403, 403],
    request: (a) => ({ method: 'DELETE', path: `/api/customer/asset/${a.id.id}` }),
  },
  {
    name: 'make public',
    statuses: [403, 200, 403, 403, 403],
    request: (a) => ({ method: 'POST', path: `/api/customer/public/asset/${a.id.id}` }),
  },
  {
    name: 'tenant assets',
    statuses: [403, 200, 403, 200, 403],
    request: () => ({ method: 'GET', path: '/api/tenant/assets?pageSize=100&page=0' }),
  },
  {
    name: 'tenant asset by name',
    statuses: [403, 200, 403, 404, 403],
    request: (a) => ({ method: 'GET', path: `/api/tenant/assets?assetName=${encodeURIComponent(a.name)}` }),
  },
  {
    name: 'tenant asset infos',
    statuses: [403, 200, 403, 200, 403],
    request: () => ({ method: 'GET', path: '/api/tenant/assetInfos?pageSize=100&page=0' }),
  },
  {
    name: 'customer A assets',
    statuses: [403, 200, 200, 403, 403],
    request: () => ({ method: 'GET', path: `/api/customer/${ids.customerAId}/assets?pageSize=100&page=0` }),
  },
  {
    name: 'customer A asset infos',
    statuses: [403, 200, 200, 403, 403],
    request: () => ({
      method: 'GET',
      path: `/api/customer/${ids.customerAId}/assetInfos?pageSize=100&page=0`,
    }),
  },
  {
    name: 'assets by ids',
    statuses: [403, 200, 200, 200, 200],
    request: (a) => ({ method: 'GET', path: `/api/assets?assetIds=${a.id.id}` }),
  },
  {
    name: 'related assets',
    statuses: [403, 200, 200, 403, 403],
    request: (a) => ({
      method: 'POST',
      path: '/api/assets',
      json: {
        parameters: { rootId: a.id.id, rootType: 'ASSET', direction: 'FROM', maxLevel: 1 },
        assetTypes: ['t'],
      },
    }),
  },
  {
    name: 'asset types',
    statuses: [403, 200, 200, 200, 200],
    request: () => ({ method: 'GET', path: '/api/asset/types' }),
  },
];

describe('permission matrix', () => {
  it.each(ROWS.map((r) => [r.name, r] as const))('%s', async (_name, row) => {
    for (const [index, caller] of CALLERS.entries()) {
      const asset = await createAsset({ customerId: customerRef(ids.customerAId) });
      const { method, path, json } = row.request(asset);
      const res: ApiResponse = await server.api.request(method, path, {
        ...as(caller),
        ...(json !== undefined ? { json } : {}),
      });
      expect(res.status, `${caller}: ${res.text}`).toBe(row.statuses[index]);
      if (res.status >= 400) expectError(res, res.status, (res.body as ErrorBody).errorCode);
      if (caller === 'otherTenantAdmin' || caller === 'otherCustomerUser') {
        expect(res.text).not.toContain(asset.id.id);
        if (caller === 'otherTenantAdmin') expect(res.text).not.toContain(ids.tenantId);
      }
    }
  });

  it('answers 401 without a token', async () => {
    const asset = await createAsset();
    for (const row of ROWS) {
      const { method, path, json } = row.request(asset);
      expectError(await server.api.request(method, path, json !== undefined ? { json } : {}), 401, 10);
    }
  });
});
