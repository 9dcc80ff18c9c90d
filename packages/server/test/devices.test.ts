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
 * Devices (reference DeviceController): CRUD with profile resolution and first credentials,
 * lists and their filters, customer assignment, moves between tenants, and who may do what.
 */

interface DeviceJson {
  id: EntityIdJson;
  createdTime: number;
  additionalInfo: Record<string, unknown> | null;
  tenantId: EntityIdJson;
  customerId: EntityIdJson;
  name: string;
  type: string;
  label: string | null;
  deviceProfileId: EntityIdJson;
  deviceData: { configuration: { type: string }; transportConfiguration: { type: string } };
  firmwareId: EntityIdJson | null;
  softwareId: EntityIdJson | null;
}

interface DeviceInfoJson extends DeviceJson {
  customerTitle: string | null;
  customerIsPublic: boolean;
  deviceProfileName: string;
}

interface CredentialsJson {
  id: { id: string };
  deviceId: EntityIdJson;
  credentialsType: string;
  credentialsId: string;
  credentialsValue: string | null;
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
const uniqueName = (label = 'Device') => `${label} ${Date.now().toString(36)}-${++counter}`;

async function createDevice(body: Record<string, unknown> = {}, query = ''): Promise<DeviceJson> {
  return expectOk(
    await server.api.post<DeviceJson>(`/api/device${query}`, { name: uniqueName(), ...body }, ta()),
  );
}

const credentialsOf = async (deviceId: string) =>
  expectOk(await server.api.get<CredentialsJson>(`/api/device/${deviceId}/credentials`, ta()));

const customerRef = (id: string) => ({ entityType: 'CUSTOMER', id });

describe('POST /api/device: create', () => {
  it('keeps the keys of additionalInfo exactly as sent (snake_case and nested)', async () => {
    const additionalInfo = { snake_key: 1, nested: { inner_key: ['a_b'] }, list: [{ x_y: true }] };
    const device = await createDevice({ additionalInfo });
    expect(device.additionalInfo).toEqual(additionalInfo);
    const read = expectOk(await server.api.get<DeviceJson>(`/api/device/${device.id.id}`, ta()));
    expect(read.additionalInfo).toEqual(additionalInfo);
  });

  it('creates a device on the default profile with a fresh 20-character access token', async () => {
    const device = await createDevice({ label: 'Room 1', additionalInfo: { description: 'a sensor' } });
    const profile = expectOk(
      await server.api.get<{ id: EntityIdJson; name: string }>('/api/deviceProfileInfo/default', ta()),
    );
    expect(device).toEqual({
      id: { entityType: 'DEVICE', id: expect.any(String) },
      createdTime: expect.any(Number),
      additionalInfo: { description: 'a sensor' },
      tenantId: { entityType: 'TENANT', id: ids.tenantId },
      customerId: { entityType: 'CUSTOMER', id: NULL_UUID },
      name: device.name,
      type: 'default',
      label: 'Room 1',
      deviceProfileId: profile.id,
      deviceData: { configuration: { type: 'DEFAULT' }, transportConfiguration: { type: 'DEFAULT' } },
      firmwareId: null,
      softwareId: null,
    });
    const credentials = await credentialsOf(device.id.id);
    expect(credentials).toEqual({
      id: { id: expect.any(String) },
      createdTime: expect.any(Number),
      deviceId: device.id,
      credentialsType: 'ACCESS_TOKEN',
      credentialsId: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
      credentialsValue: null,
    });
    expect(expectOk(await server.api.get(`/api/device/${device.id.id}`, ta()))).toEqual(device);
  });

  it('uses the accessToken query parameter as the token, and refuses one that another device has', async () => {
    const token = `TOKEN_${uuidv1()}`.slice(0, 30);
    const device = await createDevice({}, `?accessToken=${token}`);
    expect((await credentialsOf(device.id.id)).credentialsId).toBe(token);
    const name = uniqueName();
    const res = await server.api.post(`/api/device?accessToken=${token}`, { name }, ta());
    expectError(res, 400, 31, 'Device credentials are already assigned to another device!');
    // Nothing was saved: the device and its credentials go together or not at all.
    const byName = await server.api.get(`/api/tenant/devices?deviceName=${encodeURIComponent(name)}`, ta());
    expectError(byName, 404, 32);
  });

  it('finds or creates the profile named by type, and always writes the profile name as type', async () => {
    const type = uniqueName('Type');
    const first = await createDevice({ type });
    const second = await createDevice({ type });
    expect(first.type).toBe(type);
    expect(second.deviceProfileId).toEqual(first.deviceProfileId);
    const profile = expectOk(
      await server.api.get<{ name: string; default: boolean; transportType: string; description: string }>(
        `/api/deviceProfile/${first.deviceProfileId.id}`,
        ta(),
      ),
    );
    expect(profile).toMatchObject({ name: type, default: false, transportType: 'DEFAULT' });
    expect(profile.description).toBe('Default device profile');
    // With a profile id the type in the body is ignored.
    const third = await createDevice({ type: 'whatever', deviceProfileId: first.deviceProfileId });
    expect(third.type).toBe(type);
  });

  it('validates the name, the profile, the customer and the OTA packages, naming the problem', async () => {
    const post = (body: Record<string, unknown>) => server.api.post('/api/device', body, ta());
    expectError(await post({}), 400, 31, 'Device name should be specified!');
    expectError(await post({ name: '   ' }), 400, 31, 'Device name should be specified!');
    expectError(await post({ name: 'x'.repeat(256) }), 400, 31, /'name'/);
    expectError(await post({ name: 42 }), 400, 31, /'name'/);
    const existing = await createDevice();
    expectError(await post({ name: existing.name }), 400, 31, 'Device with such name already exists!');
    const foreignProfile = await server.store.db
      .selectFrom('deviceProfile')
      .select('id')
      .where('tenantId', '=', otherTenant.id)
      .executeTakeFirstOrThrow();
    for (const profileId of [foreignProfile.id, uuidv1()]) {
      expectError(
        await post({ name: uniqueName(), deviceProfileId: { entityType: 'DEVICE_PROFILE', id: profileId } }),
        400,
        31,
        'Device is referencing non existing device profile!',
      );
    }
    const foreignCustomer = await newCustomer(server.store.db, otherTenant.id);
    for (const customerId of [foreignCustomer.id, uuidv1()]) {
      expectError(
        await post({ name: uniqueName(), customerId: customerRef(customerId) }),
        400,
        31,
        "Can't assign device to non-existent customer!",
      );
    }
    expectError(
      await post({ name: uniqueName(), firmwareId: { entityType: 'OTA_PACKAGE', id: uuidv1() } }),
      400,
      31,
      "Can't assign non-existent firmware!",
    );
    expectError(
      await post({ name: uniqueName(), deviceProfileId: { entityType: 'DEVICE_PROFILE', id: 'nope' } }),
      400,
      31,
      /deviceProfileId/,
    );
  });

  it('creates a device assigned to a customer of the tenant', async () => {
    const device = await createDevice({ customerId: customerRef(ids.customerAId) });
    expect(device.customerId.id).toBe(ids.customerAId);
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
        profileData: JSON.stringify({ configuration: { type: 'DEFAULT', maxDevices: 1 } }),
        isDefault: false,
        isolatedTbCore: false,
        isolatedTbRuleEngine: false,
      })
      .execute();
    const limited = await newTenant(db, 'Limited Tenant');
    await db.updateTable('tenant').set({ tenantProfileId: profileId }).where('id', '=', limited.id).execute();
    const admin = await newUser(db, { authority: 'TENANT_ADMIN', tenantId: limited.id });
    const { token } = await server.api.login(admin.email, admin.password);
    expectOk(await server.api.post('/api/device', { name: 'first' }, { token }));
    expectError(
      await server.api.post('/api/device', { name: 'second' }, { token }),
      400,
      31,
      "Can't create more then 1 devices!",
    );
  });
});

describe('POST /api/device: update', () => {
  it('updates the fields it is given and keeps the credentials', async () => {
    const device = await createDevice({ label: 'old', additionalInfo: { gateway: false } });
    const before = await credentialsOf(device.id.id);
    const updated = expectOk(
      await server.api.post<DeviceJson>(
        '/api/device',
        { ...device, name: `${device.name} renamed`, label: 'new', additionalInfo: { gateway: true } },
        ta(),
      ),
    );
    expect(updated).toMatchObject({
      name: `${device.name} renamed`,
      label: 'new',
      createdTime: device.createdTime,
    });
    expect(updated.additionalInfo).toEqual({ gateway: true });
    expect(await credentialsOf(device.id.id)).toEqual(before);
    expect(expectOk(await server.api.get(`/api/device/${device.id.id}`, ta()))).toEqual(updated);
  });

  it('answers 404 for an unknown id and refuses a name another device has', async () => {
    const device = await createDevice();
    const other = await createDevice();
    expectError(
      await server.api.post('/api/device', { ...device, id: { entityType: 'DEVICE', id: uuidv1() } }, ta()),
      404,
      32,
    );
    expectError(
      await server.api.post('/api/device', { ...device, name: other.name }, ta()),
      400,
      31,
      'Device with such name already exists!',
    );
  });

  it('replaces a transport configuration that does not match the profile with its defaults', async () => {
    const device = await createDevice({
      deviceData: { configuration: { type: 'DEFAULT' }, transportConfiguration: { type: 'MQTT' } },
    });
    expect(device.deviceData.transportConfiguration).toEqual({ type: 'DEFAULT' });
  });

  it('lets a customer user edit a device of their customer, but not move it or touch others', async () => {
    const mine = await createDevice({ customerId: customerRef(ids.customerAId) });
    const theirs = await createDevice({ customerId: customerRef(ids.customerBId) });
    const cu = as('customerUser');
    const edited = expectOk(
      await server.api.post<DeviceJson>(
        '/api/device',
        { ...mine, label: 'by customer', customerId: customerRef(ids.customerBId) },
        cu,
      ),
    );
    expect(edited.label).toBe('by customer');
    expect(edited.customerId.id).toBe(ids.customerAId);
    expectError(await server.api.post('/api/device', { ...theirs, label: 'x' }, cu), 403, 20);
    expectError(await server.api.post('/api/device', { name: uniqueName() }, cu), 403, 20);
    // Creating a profile by type is a tenant administrator's business.
    expectError(
      await server.api.post('/api/device', { ...mine, deviceProfileId: null, type: uniqueName('T') }, cu),
      403,
      20,
    );
  });
});

describe('DELETE /api/device/{deviceId}', () => {
  it('deletes the device with its credentials, relations and attributes', async () => {
    const device = await createDevice();
    const { db } = server.store;
    await db
      .insertInto('relation')
      .values({
        fromId: ids.customerAId,
        fromType: 'CUSTOMER',
        toId: device.id.id,
        toType: 'DEVICE',
        relationTypeGroup: 'COMMON',
        relationType: 'Contains',
        additionalInfo: null,
      })
      .execute();
    await db
      .insertInto('attributeKv')
      .values({
        entityType: 'DEVICE',
        entityId: device.id.id,
        attributeType: 'SERVER_SCOPE',
        attributeKey: 'active',
        boolV: true,
        strV: null,
        longV: null,
        dblV: null,
        jsonV: null,
        lastUpdateTs: Date.now(),
      })
      .execute();
    expectOk(await server.api.delete(`/api/device/${device.id.id}`, ta()));
    expectError(await server.api.get(`/api/device/${device.id.id}`, ta()), 404, 32);
    const left = await db
      .selectFrom('deviceCredentials')
      .select('id')
      .where('deviceId', '=', device.id.id)
      .execute();
    expect(left).toEqual([]);
    const relations = await db
      .selectFrom('relation')
      .select('toId')
      .where('toId', '=', device.id.id)
      .execute();
    expect(relations).toEqual([]);
    const attributes = await db
      .selectFrom('attributeKv')
      .select('attributeKey')
      .where('entityId', '=', device.id.id)
      .execute();
    expect(attributes).toEqual([]);
    expectError(await server.api.delete(`/api/device/${device.id.id}`, ta()), 404, 32);
  });

  it('refuses to delete a device that entity views show', async () => {
    const device = await createDevice();
    await server.store.db
      .insertInto('entityView')
      .values({
        id: uuidv1(),
        createdTime: Date.now(),
        tenantId: ids.tenantId,
        customerId: null,
        entityId: device.id.id,
        entityType: 'DEVICE',
        name: uniqueName('View'),
        type: 'default',
        keys: null,
        startTs: 0,
        endTs: 0,
        additionalInfo: null,
      })
      .execute();
    expectError(
      await server.api.delete(`/api/device/${device.id.id}`, ta()),
      400,
      31,
      "Can't delete device that has entity views!",
    );
  });
});

describe('device lists', () => {
  it('pages, searches and sorts the tenant devices', async () => {
    const prefix = `Paging ${Date.now().toString(36)}`;
    for (const n of [3, 1, 2]) await createDevice({ name: `${prefix} ${n}`, label: `L${n}` });
    const page = (q: string) =>
      server.api.get<PageDataJson<DeviceJson>>(
        `/api/tenant/devices?pageSize=2&page=0&textSearch=${encodeURIComponent(prefix.toLowerCase())}${q}`,
        ta(),
      );
    const first = expectOk(await page('&sortProperty=name&sortOrder=ASC'));
    expect(first.data.map((d) => d.name)).toEqual([`${prefix} 1`, `${prefix} 2`]);
    expect(first).toMatchObject({ totalElements: 3, totalPages: 2, hasNext: true });
    const desc = expectOk(await page('&sortProperty=label&sortOrder=DESC'));
    expect(desc.data.map((d) => d.label)).toEqual(['L3', 'L2']);
    expectError(await page('&sortProperty=secret'), 400, 31, "Invalid sort property 'secret'");
    expectError(await page('&sortOrder=UP'), 400, 31, /Unsupported sort order/);
    expectError(await server.api.get('/api/tenant/devices?page=0', ta()), 400, 31, /'pageSize'/);
  });

  it('filters the infos by type or profile and shows customer and profile names', async () => {
    const type = uniqueName('Filter');
    const mine = await createDevice({ type, customerId: customerRef(ids.customerAId) });
    await createDevice({ type: uniqueName('Else') });
    const byType = expectOk(
      await server.api.get<PageDataJson<DeviceInfoJson>>(
        `/api/tenant/deviceInfos?pageSize=10&page=0&type=${encodeURIComponent(type)}`,
        ta(),
      ),
    );
    expect(byType.data).toEqual([
      { ...mine, customerTitle: 'Customer A', customerIsPublic: false, deviceProfileName: type },
    ]);
    const byProfile = expectOk(
      await server.api.get<PageDataJson<DeviceInfoJson>>(
        `/api/tenant/deviceInfos?pageSize=10&page=0&deviceProfileId=${mine.deviceProfileId.id}`,
        ta(),
      ),
    );
    expect(byProfile.data.map((d) => d.id.id)).toEqual([mine.id.id]);
    const info = expectOk(await server.api.get<DeviceInfoJson>(`/api/device/info/${mine.id.id}`, ta()));
    expect(info).toEqual(byType.data[0]);
    const sorted = expectOk(
      await server.api.get<PageDataJson<DeviceInfoJson>>(
        '/api/tenant/deviceInfos?pageSize=100&page=0&sortProperty=customerTitle&sortOrder=ASC',
        ta(),
      ),
    );
    const titles = sorted.data.map((d) => d.customerTitle).filter((t) => t !== null);
    expect(titles).toEqual([...titles].sort());
    expectOk(
      await server.api.get('/api/tenant/deviceInfos?pageSize=10&page=0&sortProperty=deviceProfileName', ta()),
    );
  });

  it('lists the devices of a customer for its users and the tenant administrator only', async () => {
    const a = await createDevice({ customerId: customerRef(ids.customerAId) });
    const b = await createDevice({ customerId: customerRef(ids.customerBId) });
    for (const path of ['devices', 'deviceInfos']) {
      const url = `/api/customer/${ids.customerAId}/${path}?pageSize=100&page=0`;
      for (const caller of ['tenantAdmin', 'customerUser'] as const) {
        const list = expectOk(await server.api.get<PageDataJson<DeviceJson>>(url, as(caller)));
        const listed = list.data.map((d) => d.id.id);
        expect(listed).toContain(a.id.id);
        expect(listed).not.toContain(b.id.id);
        expect(list.data.every((d) => d.customerId.id === ids.customerAId)).toBe(true);
      }
      expectError(await server.api.get(url, as('otherCustomerUser')), 403, 20);
      expectError(await server.api.get(url, as('otherTenantAdmin')), 403, 20);
      expectError(await server.api.get(`/api/customer/${uuidv1()}/${path}?pageSize=1&page=0`, ta()), 404, 32);
    }
  });

  it('finds a tenant device by name and devices by ids, within what the caller may see', async () => {
    const a = await createDevice({ customerId: customerRef(ids.customerAId) });
    const b = await createDevice({ customerId: customerRef(ids.customerBId) });
    expect(
      expectOk(await server.api.get(`/api/tenant/devices?deviceName=${encodeURIComponent(a.name)}`, ta())),
    ).toEqual(a);
    const foreign = expectOk(
      await server.api.post<DeviceJson>('/api/device', { name: uniqueName() }, as('otherTenantAdmin')),
    );
    const query = `deviceIds=${a.id.id},${b.id.id}&deviceIds=${foreign.id.id}`;
    const forTenant = expectOk(await server.api.get<DeviceJson[]>(`/api/devices?${query}`, ta()));
    expect(forTenant.map((d) => d.id.id).sort()).toEqual([a.id.id, b.id.id].sort());
    const forCustomer = expectOk(
      await server.api.get<DeviceJson[]>(`/api/devices?${query}`, as('customerUser')),
    );
    expect(forCustomer.map((d) => d.id.id)).toEqual([a.id.id]);
    expectError(await server.api.get('/api/devices?deviceIds=nope', ta()), 400, 31, /deviceIds/);
    expectError(await server.api.get('/api/devices?deviceIds=', ta()), 400, 31, /deviceIds/);
    expectError(
      await server.api.get(`/api/tenant/devices?deviceName=${encodeURIComponent(foreign.name)}`, ta()),
      404,
      32,
    );
  });

  it('lists the device types of the tenant only', async () => {
    const type = uniqueName('Kind');
    await createDevice({ type });
    const types = expectOk(
      await server.api.get<{ tenantId: EntityIdJson; entityType: string; type: string }[]>(
        '/api/device/types',
        as('customerUser'),
      ),
    );
    expect(types).toContainEqual({
      tenantId: { entityType: 'TENANT', id: ids.tenantId },
      entityType: 'DEVICE',
      type,
    });
    const sortedTypes = types.map((t) => t.type);
    expect(sortedTypes).toEqual([...sortedTypes].sort());
    const foreign = expectOk(
      await server.api.get<{ type: string }[]>('/api/device/types', as('otherTenantAdmin')),
    );
    expect(foreign.map((t) => t.type)).not.toContain(type);
  });

  it('counts the devices of a profile without a firmware or software package', async () => {
    const type = uniqueName('Ota');
    const device = await createDevice({ type });
    for (const otaType of ['FIRMWARE', 'SOFTWARE']) {
      const res = await server.api.get(`/api/devices/count/${otaType}/${device.deviceProfileId.id}`, ta());
      expect(expectOk(res)).toBe(1);
    }
    expectError(
      await server.api.get(`/api/devices/count/BOTH/${device.deviceProfileId.id}`, ta()),
      400,
      31,
      /otaPackageType/,
    );
    expectError(
      await server.api.get(
        `/api/devices/count/FIRMWARE/${device.deviceProfileId.id}`,
        as('otherTenantAdmin'),
      ),
      403,
      20,
    );
  });

  it('finds devices related to an entity, of the requested types', async () => {
    const type = uniqueName('Related');
    const related = await createDevice({ type, customerId: customerRef(ids.customerAId) });
    const otherType = await createDevice();
    const { db } = server.store;
    for (const device of [related, otherType]) {
      await db
        .insertInto('relation')
        .values({
          fromId: ids.customerAId,
          fromType: 'CUSTOMER',
          toId: device.id.id,
          toType: 'DEVICE',
          relationTypeGroup: 'COMMON',
          relationType: 'Contains',
          additionalInfo: null,
        })
        .execute();
    }
    const body = {
      parameters: { rootId: ids.customerAId, rootType: 'CUSTOMER', direction: 'FROM', maxLevel: 1 },
      relationType: 'Contains',
      deviceTypes: [type],
    };
    const found = expectOk(await server.api.post<DeviceJson[]>('/api/devices', body, ta()));
    expect(found).toEqual([related]);
    expectOk(await server.api.post('/api/devices', body, as('customerUser')));
    expectError(await server.api.post('/api/devices', body, as('otherTenantAdmin')), 403, 20);
    expectError(
      await server.api.post('/api/devices', { parameters: body.parameters }, ta()),
      400,
      31,
      /deviceTypes/,
    );
  });
});

describe('customer assignment', () => {
  it('assigns, unassigns and makes public, reflected in the infos', async () => {
    const device = await createDevice();
    const id = device.id.id;
    const assigned = expectOk(
      await server.api.post<DeviceJson>(`/api/customer/${ids.customerAId}/device/${id}`, undefined, ta()),
    );
    expect(assigned.customerId).toEqual(customerRef(ids.customerAId));
    const unassigned = expectOk(await server.api.delete<DeviceJson>(`/api/customer/device/${id}`, ta()));
    expect(unassigned.customerId.id).toBe(NULL_UUID);
    expectError(
      await server.api.delete(`/api/customer/device/${id}`, ta()),
      400,
      31,
      "Device isn't assigned to any customer!",
    );
    const shared = expectOk(
      await server.api.post<DeviceJson>(`/api/customer/public/device/${id}`, undefined, ta()),
    );
    const publicCustomer = await server.store.db
      .selectFrom('customer')
      .selectAll()
      .where('id', '=', shared.customerId.id)
      .executeTakeFirstOrThrow();
    expect(publicCustomer).toMatchObject({
      tenantId: ids.tenantId,
      title: 'Public',
      additionalInfo: { isPublic: true },
    });
    const info = expectOk(await server.api.get<DeviceInfoJson>(`/api/device/info/${id}`, ta()));
    expect(info).toMatchObject({ customerTitle: 'Public', customerIsPublic: true });
    // The public customer is created once.
    const again = await createDevice();
    const sharedAgain = expectOk(
      await server.api.post<DeviceJson>(`/api/customer/public/device/${again.id.id}`, undefined, ta()),
    );
    expect(sharedAgain.customerId).toEqual(shared.customerId);
  });

  it('answers 404 for unknown customers or devices and 403 across tenants', async () => {
    const device = await createDevice();
    const foreignCustomer = await newCustomer(server.store.db, otherTenant.id);
    expectError(
      await server.api.post(`/api/customer/${uuidv1()}/device/${device.id.id}`, undefined, ta()),
      404,
      32,
    );
    expectError(
      await server.api.post(`/api/customer/${ids.customerAId}/device/${uuidv1()}`, undefined, ta()),
      404,
      32,
    );
    expectError(
      await server.api.post(`/api/customer/${foreignCustomer.id}/device/${device.id.id}`, undefined, ta()),
      403,
      20,
    );
    const row = await server.store.db
      .selectFrom('device')
      .select('customerId')
      .where('id', '=', device.id.id)
      .executeTakeFirstOrThrow();
    expect(row.customerId).toBeNull();
  });
});

describe('POST /api/tenant/{tenantId}/device/{deviceId}', () => {
  it('moves a device to another tenant, onto its profile of the same name and without a customer', async () => {
    const type = uniqueName('Moving');
    const device = await createDevice({ type, customerId: customerRef(ids.customerAId) });
    const moved = expectOk(
      await server.api.post<DeviceJson>(
        `/api/tenant/${otherTenant.id}/device/${device.id.id}`,
        undefined,
        ta(),
      ),
    );
    expect(moved).toMatchObject({
      tenantId: { entityType: 'TENANT', id: otherTenant.id },
      customerId: { entityType: 'CUSTOMER', id: NULL_UUID },
      type,
    });
    expect(moved.deviceProfileId.id).not.toBe(device.deviceProfileId.id);
    expect(expectOk(await server.api.get(`/api/device/${device.id.id}`, as('otherTenantAdmin')))).toEqual(
      moved,
    );
    expectError(await server.api.get(`/api/device/${device.id.id}`, ta()), 403, 20);
    expectError(
      await server.api.post(
        `/api/tenant/${uuidv1()}/device/${(await createDevice()).id.id}`,
        undefined,
        ta(),
      ),
      400,
      31,
      'Could not find the specified Tenant!',
    );
  });
});

/**
 * The permission matrix of the device endpoints: each row is called by every caller against a
 * fresh device of Customer A, in CALLERS order (SA, TA, CU of A, TA of another tenant, CU of B).
 */
interface Row {
  name: string;
  statuses: readonly [number, number, number, number, number];
  request(device: DeviceJson): { method: string; path: string; json?: unknown };
}

const ROWS: Row[] = [
  {
    name: 'GET device',
    statuses: [403, 200, 200, 403, 403],
    request: (d) => ({ method: 'GET', path: `/api/device/${d.id.id}` }),
  },
  {
    name: 'GET device info',
    statuses: [403, 200, 200, 403, 403],
    request: (d) => ({ method: 'GET', path: `/api/device/info/${d.id.id}` }),
  },
  {
    name: 'POST device (update)',
    statuses: [403, 200, 200, 403, 403],
    request: (d) => ({ method: 'POST', path: '/api/device', json: { ...d, label: 'changed' } }),
  },
  {
    name: 'POST device-with-credentials (update)',
    statuses: [403, 200, 403, 403, 403],
    request: (d) => ({
      method: 'POST',
      path: '/api/device-with-credentials',
      json: { device: d, credentials: { credentialsType: 'ACCESS_TOKEN', credentialsId: uuidv1() } },
    }),
  },
  {
    name: 'DELETE device',
    statuses: [403, 200, 403, 403, 403],
    request: (d) => ({ method: 'DELETE', path: `/api/device/${d.id.id}` }),
  },
  {
    name: 'GET credentials',
    statuses: [403, 200, 200, 403, 403],
    request: (d) => ({ method: 'GET', path: `/api/device/${d.id.id}/credentials` }),
  },
  {
    name: 'POST credentials',
    statuses: [403, 200, 403, 403, 403],
    request: (d) => ({
      method: 'POST',
      path: '/api/device/credentials',
      json: { deviceId: d.id, credentialsType: 'ACCESS_TOKEN', credentialsId: uuidv1() },
    }),
  },
  {
    name: 'assign to customer A',
    statuses: [403, 200, 403, 403, 403],
    request: (d) => ({ method: 'POST', path: `/api/customer/${ids.customerAId}/device/${d.id.id}` }),
  },
  {
    name: 'unassign',
    statuses: [403, 200, 403, 403, 403],
    request: (d) => ({ method: 'DELETE', path: `/api/customer/device/${d.id.id}` }),
  },
  {
    name: 'make public',
    statuses: [403, 200, 403, 403, 403],
    request: (d) => ({ method: 'POST', path: `/api/customer/public/device/${d.id.id}` }),
  },
  {
    name: 'move to another tenant',
    statuses: [403, 200, 403, 403, 403],
    request: (d) => ({ method: 'POST', path: `/api/tenant/${otherTenant.id}/device/${d.id.id}` }),
  },
  {
    name: 'tenant devices',
    statuses: [403, 200, 403, 200, 403],
    request: () => ({ method: 'GET', path: '/api/tenant/devices?pageSize=100&page=0' }),
  },
  {
    name: 'tenant device by name',
    statuses: [403, 200, 403, 404, 403],
    request: (d) => ({ method: 'GET', path: `/api/tenant/devices?deviceName=${encodeURIComponent(d.name)}` }),
  },
  {
    name: 'tenant device infos',
    statuses: [403, 200, 403, 200, 403],
    request: () => ({ method: 'GET', path: '/api/tenant/deviceInfos?pageSize=100&page=0' }),
  },
  {
    name: 'customer A devices',
    statuses: [403, 200, 200, 403, 403],
    request: () => ({ method: 'GET', path: `/api/customer/${ids.customerAId}/devices?pageSize=100&page=0` }),
  },
  {
    name: 'customer A device infos',
    statuses: [403, 200, 200, 403, 403],
    request: () => ({
      method: 'GET',
      path: `/api/customer/${ids.customerAId}/deviceInfos?pageSize=100&page=0`,
    }),
  },
  {
    name: 'devices by ids',
    statuses: [403, 200, 200, 200, 200],
    request: (d) => ({ method: 'GET', path: `/api/devices?deviceIds=${d.id.id}` }),
  },
  {
    name: 'device types',
    statuses: [403, 200, 200, 200, 200],
    request: () => ({ method: 'GET', path: '/api/device/types' }),
  },
  {
    name: 'count without OTA',
    statuses: [403, 200, 200, 403, 200],
    request: (d) => ({ method: 'GET', path: `/api/devices/count/FIRMWARE/${d.deviceProfileId.id}` }),
  },
  {
    name: 'create',
    statuses: [403, 200, 403, 200, 403],
    request: () => ({ method: 'POST', path: '/api/device', json: { name: uniqueName() } }),
  },
];

describe('permission matrix', () => {
  it.each(ROWS.map((r) => [r.name, r] as const))('%s', async (_name, row) => {
    for (const [index, caller] of CALLERS.entries()) {
      const device = await createDevice({ customerId: customerRef(ids.customerAId) });
      const { method, path, json } = row.request(device);
      const res: ApiResponse = await server.api.request(method, path, {
        ...as(caller),
        ...(json !== undefined ? { json } : {}),
      });
      expect(res.status, `${caller}: ${res.text}`).toBe(row.statuses[index]);
      if (res.status >= 400) expectError(res, res.status, (res.body as ErrorBody).errorCode);
      if (caller === 'otherTenantAdmin' || caller === 'otherCustomerUser') {
        // Nothing of Customer A's devices leaks, whatever the status.
        expect(res.text).not.toContain(device.id.id);
        if (caller === 'otherTenantAdmin') expect(res.text).not.toContain(ids.tenantId);
      }
    }
  });

  it('answers 401 without a token', async () => {
    const device = await createDevice();
    for (const row of ROWS) {
      const { method, path, json } = row.request(device);
      const res = await server.api.request(method, path, json !== undefined ? { json } : {});
      expectError(res, 401, 10);
    }
  });
});
