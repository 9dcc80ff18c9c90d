import { sql } from 'kysely';
import { v1 as uuidv1 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLERS, type Caller, signInCallers } from './callers.js';
import { newDashboard } from './factories.js';
import {
  type ApiResponse,
  type DemoIds,
  type EntityIdJson,
  type ErrorBody,
  expectError,
  expectOk,
  type PageDataJson,
  startServer,
  type TestServer,
} from './helper.js';

/**
 * Device profiles (reference DeviceProfileController, DeviceProfileServiceImpl): CRUD with the
 * full profileData checked, the default profile, deletion rules, lists, and who may do what.
 */

interface ProfileJson {
  id: EntityIdJson;
  createdTime: number;
  tenantId: EntityIdJson;
  name: string;
  description: string | null;
  image: string | null;
  default: boolean;
  type: string;
  transportType: string;
  provisionType: string;
  defaultRuleChainId: EntityIdJson | null;
  defaultDashboardId: EntityIdJson | null;
  defaultQueueName: string | null;
  profileData: Record<string, unknown>;
  provisionDeviceKey: string | null;
  firmwareId: EntityIdJson | null;
  softwareId: EntityIdJson | null;
}

let server: TestServer;
let ids: DemoIds;
let tokens: Record<Caller, string>;

beforeAll(async () => {
  server = await startServer();
  ({ ids, tokens } = await signInCallers(server));
});

afterAll(async () => {
  await server?.close();
});

const as = (caller: Caller) => ({ token: tokens[caller] });
const ta = () => as('tenantAdmin');
let counter = 0;
const uniqueName = (label = 'Profile') => `${label} ${Date.now().toString(36)}-${++counter}`;

const save = (body: Record<string, unknown>, caller: Caller = 'tenantAdmin') =>
  server.api.post<ProfileJson>('/api/deviceProfile', body, as(caller));

async function createProfile(body: Record<string, unknown> = {}): Promise<ProfileJson> {
  return expectOk(await save({ name: uniqueName(), type: 'DEFAULT', transportType: 'DEFAULT', ...body }));
}

const defaultProfile = async () =>
  expectOk(await server.api.get<{ id: EntityIdJson; name: string }>('/api/deviceProfileInfo/default', ta()));

const MQTT_PROTO = {
  type: 'MQTT',
  deviceTelemetryTopic: 'v1/devices/me/telemetry',
  deviceAttributesTopic: 'v1/devices/me/attributes',
  transportPayloadTypeConfiguration: {
    transportPayloadType: 'PROTOBUF',
    deviceTelemetryProtoSchema: 'syntax = "proto3";\nmessage T { optional double t = 1; }',
    deviceAttributesProtoSchema: 'syntax = "proto3";\nmessage A { optional string a = 1; }',
    deviceRpcRequestProtoSchema: 'syntax = "proto3";\nmessage Q { optional string m = 1; }',
    deviceRpcResponseProtoSchema: 'syntax = "proto3";\nmessage R { optional string p = 1; }',
  },
};

const alarm = (alarmType: string, extra: Record<string, unknown> = {}) => ({
  id: uuidv1(),
  alarmType,
  createRules: {
    CRITICAL: {
      condition: {
        condition: [
          {
            key: { type: 'TIME_SERIES', key: 'temperature' },
            valueType: 'NUMERIC',
            predicate: { type: 'NUMERIC', operation: 'GREATER', value: { defaultValue: 30 } },
          },
        ],
        spec: { type: 'SIMPLE' },
      },
    },
  },
  clearRule: null,
  propagate: false,
  ...extra,
});

describe('the default profile', () => {
  it('exists for every tenant and is answered as an info', async () => {
    const info = await defaultProfile();
    expect(info).toEqual({
      id: { entityType: 'DEVICE_PROFILE', id: expect.any(String) },
      name: 'default',
      image: null,
      defaultDashboardId: null,
      type: 'DEFAULT',
      transportType: 'DEFAULT',
    });
    const full = expectOk(await server.api.get<ProfileJson>(`/api/deviceProfile/${info.id.id}`, ta()));
    expect(full).toMatchObject({
      default: true,
      description: 'Default device profile',
      provisionType: 'DISABLED',
      profileData: {
        configuration: { type: 'DEFAULT' },
        transportConfiguration: { type: 'DEFAULT' },
        provisionConfiguration: { type: 'DISABLED', provisionDeviceSecret: null },
        alarms: null,
      },
    });
    expect(expectOk(await server.api.get('/api/deviceProfileInfo/default', as('customerUser')))).toEqual(
      info,
    );
  });

  it('moves with POST /api/deviceProfile/{id}/default, leaving one default', async () => {
    const before = await defaultProfile();
    const next = await createProfile();
    const made = expectOk(
      await server.api.post<ProfileJson>(`/api/deviceProfile/${next.id.id}/default`, undefined, ta()),
    );
    expect(made.default).toBe(true);
    expect((await defaultProfile()).id).toEqual(next.id);
    const old = expectOk(await server.api.get<ProfileJson>(`/api/deviceProfile/${before.id.id}`, ta()));
    expect(old.default).toBe(false);
    const defaults = await server.store.db
      .selectFrom('deviceProfile')
      .select('id')
      .where('tenantId', '=', ids.tenantId)
      .where('isDefault', '=', true)
      .execute();
    expect(defaults).toEqual([{ id: next.id.id }]);
    // A new device without a profile gets the new default.
    const device = expectOk(
      await server.api.post<{ deviceProfileId: EntityIdJson }>(
        '/api/device',
        { name: uniqueName('Dev') },
        ta(),
      ),
    );
    expect(device.deviceProfileId).toEqual(next.id);
    expectOk(await server.api.post(`/api/deviceProfile/${before.id.id}/default`, undefined, ta()));
    // Another default can only be set through that endpoint.
    expectError(
      await save({ name: uniqueName(), type: 'DEFAULT', transportType: 'DEFAULT', default: true }),
      400,
      31,
      'Another default device profile is present in scope of current tenant!',
    );
  });
});

describe('POST /api/deviceProfile', () => {
  it('creates a profile with defaults for what is missing, and updates it', async () => {
    const dashboard = await newDashboard(server.store.db, ids.tenantId, 'Profile dashboard');
    const created = await createProfile({
      transportType: 'MQTT',
      description: 'with mqtt',
      defaultQueueName: 'HighPriority',
      defaultDashboardId: { entityType: 'DASHBOARD', id: dashboard.id },
    });
    expect(created).toMatchObject({
      tenantId: { entityType: 'TENANT', id: ids.tenantId },
      default: false,
      provisionType: 'DISABLED',
      defaultQueueName: 'HighPriority',
      defaultDashboardId: { entityType: 'DASHBOARD', id: dashboard.id },
      profileData: {
        configuration: { type: 'DEFAULT' },
        transportConfiguration: {
          type: 'MQTT',
          deviceTelemetryTopic: 'v1/devices/me/telemetry',
          deviceAttributesTopic: 'v1/devices/me/attributes',
        },
        alarms: null,
      },
    });
    const alarms = [alarm('High temperature'), alarm('Low battery', { propagate: true })];
    expectError(
      await save({
        ...created,
        provisionType: 'ALLOW_CREATE_NEW_DEVICES',
        provisionDeviceKey: `key-${uuidv1()}`,
        profileData: { ...created.profileData, provisionConfiguration: { type: 'ALLOW_CREATE_NEW_DEVICES' } },
      }),
      400,
      31,
      'Provision device secret should be specified!',
    );
    const provisioned = expectOk(
      await save({
        ...created,
        profileData: {
          ...created.profileData,
          transportConfiguration: MQTT_PROTO,
          alarms,
          provisionConfiguration: { type: 'ALLOW_CREATE_NEW_DEVICES', provisionDeviceSecret: 'secret' },
        },
        provisionType: 'ALLOW_CREATE_NEW_DEVICES',
        provisionDeviceKey: `key-${uuidv1()}`,
      }),
    );
    expect(provisioned.profileData).toMatchObject({ transportConfiguration: MQTT_PROTO, alarms });
    expect(expectOk(await server.api.get(`/api/deviceProfile/${created.id.id}`, ta()))).toEqual(provisioned);
  });

  it('names what is missing or malformed', async () => {
    const base = { name: uniqueName(), type: 'DEFAULT', transportType: 'DEFAULT' };
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ ...base, name: ' ' }, 'Device profile name should be specified!'],
      [{ ...base, type: null }, 'Device profile type should be specified!'],
      [{ ...base, transportType: undefined }, 'Device profile transport type should be specified!'],
      [{ ...base, transportType: 'HTTP' }, /'transportType'/],
      [{ ...base, name: 'n'.repeat(256) }, /'name'/],
      [
        { ...base, profileData: { transportConfiguration: { type: 'MQTT' } } },
        /'profileData.transportConfiguration.type'/,
      ],
      [
        {
          ...base,
          transportType: 'MQTT',
          profileData: { transportConfiguration: { ...MQTT_PROTO, deviceTelemetryTopic: '' } },
        },
        /'profileData.transportConfiguration.deviceTelemetryTopic'/,
      ],
      [
        {
          ...base,
          transportType: 'MQTT',
          profileData: {
            transportConfiguration: {
              ...MQTT_PROTO,
              transportPayloadTypeConfiguration: {
                ...MQTT_PROTO.transportPayloadTypeConfiguration,
                deviceTelemetryProtoSchema: 'syntax = "proto2"; message T {}',
              },
            },
          },
        },
        '[Transport Configuration] invalid schema syntax: proto2 for telemetry proto schema provided! Only proto3 allowed!',
      ],
      [
        {
          ...base,
          transportType: 'COAP',
          profileData: {
            transportConfiguration: {
              type: 'COAP',
              coapDeviceTypeConfiguration: { coapDeviceType: 'OTHER' },
            },
          },
        },
        /coapDeviceType/,
      ],
      [
        {
          ...base,
          transportType: 'LWM2M',
          profileData: {
            transportConfiguration: {
              type: 'LWM2M',
              observeAttr: { observe: [], attribute: [], telemetry: [], keyName: {}, attributeLwm2m: {} },
              bootstrap: [{ host: 'h', port: 70000, securityMode: 'NO_SEC' }],
              clientLwM2mSettings: { clientOnlyObserveAfterConnect: 1 },
            },
          },
        },
        /'profileData.transportConfiguration.bootstrap\[0\].port'/,
      ],
      [
        {
          ...base,
          transportType: 'LWM2M',
          profileData: {
            transportConfiguration: {
              type: 'LWM2M',
              observeAttr: {
                observe: [],
                attribute: [],
                telemetry: [],
                keyName: {},
                attributeLwm2m: { '/3_1.0/0/9': { pmin: '1.5' } },
              },
              bootstrap: [],
              clientLwM2mSettings: {},
            },
          },
        },
        /pmin/,
      ],
      [
        {
          ...base,
          transportType: 'SNMP',
          profileData: {
            transportConfiguration: { type: 'SNMP', timeoutMs: -1, retries: 0, communicationConfigs: [] },
          },
        },
        /timeoutMs/,
      ],
      [{ ...base, profileData: { alarms: [alarm('')] } }, 'Alarm rule type should be specified!'],
      [
        { ...base, profileData: { alarms: [alarm('Twice'), alarm('Twice')] } },
        'Can\'t create device profile with the same alarm rule types: "Twice"!',
      ],
      [
        { ...base, profileData: { alarms: [alarm('Empty', { createRules: {} })] } },
        /'profileData.alarms\[0\]'/,
      ],
      [
        {
          ...base,
          profileData: {
            alarms: [alarm('No condition', { createRules: { MAJOR: { condition: { condition: [] } } } })],
          },
        },
        /'profileData.alarms\[0\]'/,
      ],
      [
        {
          ...base,
          profileData: {
            alarms: [alarm('Bad severity', { createRules: { SEVERE: alarm('x').createRules.CRITICAL } })],
          },
        },
        /'profileData.alarms\[0\]'/,
      ],
      [
        {
          ...base,
          provisionType: 'CHECK_PRE_PROVISIONED_DEVICES',
          profileData: { provisionConfiguration: { type: 'DISABLED' } },
        },
        /'profileData.provisionConfiguration.type'/,
      ],
      [
        {
          ...base,
          provisionType: 'CHECK_PRE_PROVISIONED_DEVICES',
          profileData: {
            provisionConfiguration: { type: 'CHECK_PRE_PROVISIONED_DEVICES', provisionDeviceSecret: 's' },
          },
        },
        'Provision device key should be specified!',
      ],
      [
        { ...base, firmwareId: { entityType: 'OTA_PACKAGE', id: uuidv1() } },
        "Can't assign non-existent firmware!",
      ],
      [
        { ...base, defaultDashboardId: { entityType: 'DASHBOARD', id: uuidv1() } },
        "Can't assign non-existent dashboard!",
      ],
    ];
    for (const [body, message] of cases) {
      expectError(await save(body), 400, 31, message);
    }
  });

  it('keeps names unique per tenant and provision keys unique everywhere', async () => {
    const profile = await createProfile();
    expectError(
      await save({ name: profile.name, type: 'DEFAULT', transportType: 'DEFAULT' }),
      400,
      31,
      'Device profile with such name already exists!',
    );
    // Another tenant may use the same name.
    expectOk(
      await save({ name: profile.name, type: 'DEFAULT', transportType: 'DEFAULT' }, 'otherTenantAdmin'),
    );
    const key = `shared-key-${uuidv1()}`;
    const provisioning = (name: string) => ({
      name,
      type: 'DEFAULT',
      transportType: 'DEFAULT',
      provisionType: 'ALLOW_CREATE_NEW_DEVICES',
      provisionDeviceKey: key,
      profileData: {
        provisionConfiguration: { type: 'ALLOW_CREATE_NEW_DEVICES', provisionDeviceSecret: 's' },
      },
    });
    expectOk(await save(provisioning(uniqueName())));
    expectError(
      await save(provisioning(uniqueName()), 'otherTenantAdmin'),
      400,
      31,
      'Device profile with such provision device key already exists!',
    );
  });

  it('renames the type of its devices with it, and keeps type and transport while devices use it', async () => {
    const profile = await createProfile();
    const device = expectOk(
      await server.api.post<{ id: EntityIdJson; type: string }>(
        '/api/device',
        { name: uniqueName('Dev'), deviceProfileId: profile.id },
        ta(),
      ),
    );
    const renamed = uniqueName('Renamed');
    expectOk(await save({ ...profile, name: renamed }));
    const reread = expectOk(await server.api.get<{ type: string }>(`/api/device/${device.id.id}`, ta()));
    expect(reread.type).toBe(renamed);
    expectError(
      await save({
        ...profile,
        name: renamed,
        transportType: 'MQTT',
        profileData: { transportConfiguration: MQTT_PROTO },
      }),
      400,
      31,
      "Can't change device profile transport type because devices referenced it!",
    );
    expectError(
      await save({ ...profile, name: renamed, type: 'SNMP' }),
      400,
      31,
      "Can't change device profile type because devices referenced it!",
    );
  });

  it('answers 404 when updating an unknown profile and 403 for one of another tenant', async () => {
    const profile = await createProfile();
    expectError(await save({ ...profile, id: { entityType: 'DEVICE_PROFILE', id: uuidv1() } }), 404, 32);
    expectError(await save({ ...profile, description: 'mine now' }, 'otherTenantAdmin'), 403, 20);
    const stored = expectOk(await server.api.get<ProfileJson>(`/api/deviceProfile/${profile.id.id}`, ta()));
    expect(stored.description).toBe(profile.description);
  });
});

describe('DELETE /api/deviceProfile/{id}', () => {
  it('deletes an unused profile, but never the default one or one devices use', async () => {
    const unused = await createProfile();
    expectOk(await server.api.delete(`/api/deviceProfile/${unused.id.id}`, ta()));
    expectError(await server.api.get(`/api/deviceProfile/${unused.id.id}`, ta()), 404, 32);
    const fallback = await defaultProfile();
    expectError(
      await server.api.delete(`/api/deviceProfile/${fallback.id.id}`, ta()),
      400,
      31,
      'Deletion of Default Device Profile is prohibited!',
    );
    const used = await createProfile();
    expectOk(
      await server.api.post('/api/device', { name: uniqueName('Dev'), deviceProfileId: used.id }, ta()),
    );
    expectError(
      await server.api.delete(`/api/deviceProfile/${used.id.id}`, ta()),
      400,
      31,
      'The device profile referenced by the devices cannot be deleted!',
    );
  });
});

describe('profile lists', () => {
  it('pages, searches and sorts the profiles of the tenant only', async () => {
    const prefix = `Listed ${Date.now().toString(36)}`;
    await createProfile({ name: `${prefix} b`, transportType: 'COAP' });
    await createProfile({ name: `${prefix} a`, transportType: 'SNMP' });
    await createProfile({ name: `${prefix} c`, transportType: 'MQTT' });
    const url = (q: string) =>
      `/api/deviceProfiles?pageSize=2&page=0&textSearch=${encodeURIComponent(prefix)}${q}`;
    const byName = expectOk(await server.api.get<PageDataJson<ProfileJson>>(url('&sortProperty=name'), ta()));
    expect(byName.data.map((p) => p.name)).toEqual([`${prefix} a`, `${prefix} b`]);
    expect(byName).toMatchObject({ totalElements: 3, totalPages: 2, hasNext: true });
    const byTransport = expectOk(
      await server.api.get<PageDataJson<ProfileJson>>(
        url('&sortProperty=transportType&sortOrder=DESC'),
        ta(),
      ),
    );
    expect(byTransport.data.map((p) => p.transportType)).toEqual(['SNMP', 'MQTT']);
    for (const sort of ['createdTime', 'type', 'description', 'isDefault']) {
      expectOk(await server.api.get(url(`&sortProperty=${sort}`), ta()));
    }
    const foreign = expectOk(
      await server.api.get<PageDataJson<ProfileJson>>(url(''), as('otherTenantAdmin')),
    );
    expect(foreign.totalElements).toBe(0);
  });

  it('filters the infos by transport type, for customer users too', async () => {
    const coap = await createProfile({ transportType: 'COAP' });
    const infos = expectOk(
      await server.api.get<PageDataJson<{ id: EntityIdJson; transportType: string }>>(
        '/api/deviceProfileInfos?pageSize=100&page=0&transportType=COAP',
        as('customerUser'),
      ),
    );
    expect(infos.data.every((p) => p.transportType === 'COAP')).toBe(true);
    expect(infos.data.map((p) => p.id)).toContainEqual(coap.id);
    expectError(
      await server.api.get('/api/deviceProfileInfos?pageSize=10&page=0&transportType=HTTP', ta()),
      400,
      31,
      /transportType/,
    );
    const info = expectOk(await server.api.get(`/api/deviceProfileInfo/${coap.id.id}`, as('customerUser')));
    expect(info).toEqual({
      id: coap.id,
      name: coap.name,
      image: null,
      defaultDashboardId: null,
      type: 'DEFAULT',
      transportType: 'COAP',
    });
  });
});

describe('GET /api/deviceProfile/devices/keys/{timeseries,attributes}', () => {
  it('lists the keys in use on the devices of the tenant, or of one profile', async () => {
    const profile = await createProfile();
    const post = async (body: Record<string, unknown>) =>
      expectOk(
        await server.api.post<{ id: EntityIdJson }>(
          '/api/device',
          { name: uniqueName('Dev'), ...body },
          ta(),
        ),
      );
    const onProfile = await post({ deviceProfileId: profile.id });
    const elsewhere = await post({});
    const { db } = server.store;
    const latest = async (deviceId: string, keys: string[]) => {
      for (const key of keys) {
        await sql`insert into ts_kv_dictionary (key) values (${key}) on conflict do nothing`.execute(db);
        await sql`
          insert into ts_kv_latest (entity_id, key, ts, dbl_v)
          select ${deviceId}::uuid, key_id, 1, 1.5 from ts_kv_dictionary where key = ${key}
        `.execute(db);
      }
    };
    const attribute = (deviceId: string, key: string) =>
      sql`
        insert into attribute_kv (entity_type, entity_id, attribute_type, attribute_key, bool_v, last_update_ts)
        values ('DEVICE', ${deviceId}, 'SERVER_SCOPE', ${key}, true, 1)
      `.execute(db);
    const suffix = Date.now().toString(36);
    await latest(onProfile.id.id, [`temperature_${suffix}`, `humidity_${suffix}`]);
    await latest(elsewhere.id.id, [`voltage_${suffix}`]);
    await attribute(onProfile.id.id, `active_${suffix}`);
    await attribute(elsewhere.id.id, `firmware_${suffix}`);
    const keys = async (kind: string, query = '') =>
      expectOk(
        await server.api.get<string[]>(`/api/deviceProfile/devices/keys/${kind}${query}`, ta()),
      ).filter((k) => k.endsWith(suffix));
    const ofProfile = `?deviceProfileId=${profile.id.id}`;
    expect(await keys('timeseries', ofProfile)).toEqual([`humidity_${suffix}`, `temperature_${suffix}`]);
    expect(await keys('timeseries')).toEqual([
      `humidity_${suffix}`,
      `temperature_${suffix}`,
      `voltage_${suffix}`,
    ]);
    expect(await keys('attributes', ofProfile)).toEqual([`active_${suffix}`]);
    expect(await keys('attributes')).toEqual([`active_${suffix}`, `firmware_${suffix}`]);
    const foreign = expectOk(
      await server.api.get<string[]>('/api/deviceProfile/devices/keys/timeseries', as('otherTenantAdmin')),
    );
    expect(foreign.filter((k) => k.endsWith(suffix))).toEqual([]);
    expectError(
      await server.api.get(`/api/deviceProfile/devices/keys/attributes${ofProfile}`, as('otherTenantAdmin')),
      403,
      20,
    );
    expectError(
      await server.api.get('/api/deviceProfile/devices/keys/timeseries?deviceProfileId=x', ta()),
      400,
      31,
    );
  });
});

interface Row {
  name: string;
  statuses: readonly [number, number, number, number, number];
  request(profile: ProfileJson): { method: string; path: string; json?: unknown };
}

// Callers: SA, TA, CU of Customer A, TA of another tenant, CU of Customer B.
const ROWS: Row[] = [
  {
    name: 'GET profile',
    statuses: [403, 200, 403, 403, 403],
    request: (p) => ({ method: 'GET', path: `/api/deviceProfile/${p.id.id}` }),
  },
  {
    name: 'GET profile info',
    statuses: [403, 200, 200, 403, 200],
    request: (p) => ({ method: 'GET', path: `/api/deviceProfileInfo/${p.id.id}` }),
  },
  {
    name: 'GET default info',
    statuses: [403, 200, 200, 200, 200],
    request: () => ({ method: 'GET', path: '/api/deviceProfileInfo/default' }),
  },
  {
    name: 'POST profile (update)',
    statuses: [403, 200, 403, 403, 403],
    request: (p) => ({ method: 'POST', path: '/api/deviceProfile', json: { ...p, description: 'changed' } }),
  },
  {
    name: 'POST profile (create)',
    statuses: [403, 200, 403, 200, 403],
    request: () => ({
      method: 'POST',
      path: '/api/deviceProfile',
      json: { name: uniqueName(), type: 'DEFAULT', transportType: 'DEFAULT' },
    }),
  },
  {
    name: 'DELETE profile',
    statuses: [403, 200, 403, 403, 403],
    request: (p) => ({ method: 'DELETE', path: `/api/deviceProfile/${p.id.id}` }),
  },
  {
    name: 'make default',
    statuses: [403, 200, 403, 403, 403],
    request: (p) => ({ method: 'POST', path: `/api/deviceProfile/${p.id.id}/default` }),
  },
  {
    name: 'list profiles',
    statuses: [403, 200, 403, 200, 403],
    request: () => ({ method: 'GET', path: '/api/deviceProfiles?pageSize=100&page=0' }),
  },
  {
    name: 'time-series keys',
    statuses: [403, 200, 403, 403, 403],
    request: (p) => ({
      method: 'GET',
      path: `/api/deviceProfile/devices/keys/timeseries?deviceProfileId=${p.id.id}`,
    }),
  },
  {
    name: 'attribute keys',
    statuses: [403, 200, 403, 200, 403],
    request: () => ({ method: 'GET', path: '/api/deviceProfile/devices/keys/attributes' }),
  },
  {
    name: 'list profile infos',
    statuses: [403, 200, 200, 200, 200],
    request: () => ({ method: 'GET', path: '/api/deviceProfileInfos?pageSize=100&page=0' }),
  },
];

describe('permission matrix', () => {
  it.each(ROWS.map((r) => [r.name, r] as const))('%s', async (_name, row) => {
    for (const [index, caller] of CALLERS.entries()) {
      const profile = await createProfile();
      const { method, path, json } = row.request(profile);
      const res: ApiResponse = await server.api.request(method, path, {
        ...as(caller),
        ...(json !== undefined ? { json } : {}),
      });
      expect(res.status, `${caller}: ${res.text}`).toBe(row.statuses[index]);
      if (res.status >= 400) expectError(res, res.status, (res.body as ErrorBody).errorCode);
      if (caller === 'otherTenantAdmin') {
        expect(res.text).not.toContain(profile.id.id);
        expect(res.text).not.toContain(ids.tenantId);
      }
    }
    // Restore the Demo Tenant's default profile after the rows that move it.
    const original = await server.store.db
      .selectFrom('deviceProfile')
      .select('id')
      .where('tenantId', '=', ids.tenantId)
      .where('name', '=', 'default')
      .executeTakeFirstOrThrow();
    expectOk(await server.api.post(`/api/deviceProfile/${original.id}/default`, undefined, ta()));
  });

  it('answers 401 without a token', async () => {
    const profile = await createProfile();
    for (const row of ROWS) {
      const { method, path, json } = row.request(profile);
      expectError(await server.api.request(method, path, json !== undefined ? { json } : {}), 401, 10);
    }
  });
});
