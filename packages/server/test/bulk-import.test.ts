import type { BulkImportColumnType, BulkImportResult } from '@meridian/common';
import { sql } from 'kysely';
import { v1 as uuidv1 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTenant, newUser } from './factories.js';
import {
  DEMO,
  type EntityIdJson,
  expectError,
  expectOk,
  NULL_UUID,
  type PageDataJson,
  startServer,
  type TestServer,
} from './helper.js';

/**
 * Bulk import of devices and assets (reference `POST /api/{device|asset}/bulk_import`): creation
 * with credentials, profiles, attributes and time series; updates only where something differs;
 * per-line errors while the good rows import; atomic rows; limits; who may import.
 */

interface DeviceJson {
  id: EntityIdJson;
  tenantId: EntityIdJson;
  customerId: EntityIdJson;
  name: string;
  type: string;
  label: string | null;
  deviceProfileId: EntityIdJson;
  additionalInfo: Record<string, unknown> | null;
  deviceData: { transportConfiguration: { type: string } };
}

interface AssetJson {
  id: EntityIdJson;
  tenantId: EntityIdJson;
  name: string;
  type: string;
  label: string | null;
  additionalInfo: Record<string, unknown> | null;
}

interface CredentialsJson {
  credentialsType: string;
  credentialsId: string;
  credentialsValue: string | null;
}

interface AuditLogJson {
  actionType: string;
  actionStatus: string;
  entityName: string;
  userName: string;
  actionData: { entity?: { name: string; label: string | null } };
}

type Column = BulkImportColumnType | [BulkImportColumnType, string];

let server: TestServer;
let tenantToken: string;
let customerToken: string;
let sysadminToken: string;
let tenantId: string;
let run = 0;

/** A prefix that keeps the names of each test apart on the shared server. */
const prefix = () => `BI${++run}-${Date.now().toString(36)}`;

const columnsOf = (columns: Column[]) =>
  columns.map((c) => (Array.isArray(c) ? { type: c[0], key: c[1] } : { type: c }));

interface ImportOptions {
  header?: boolean;
  update?: boolean;
  delimiter?: string;
  token?: string;
}

function bulkImport(
  kind: 'device' | 'asset',
  columns: Column[],
  lines: string[],
  options: ImportOptions = {},
) {
  return server.api.post<BulkImportResult>(
    `/api/${kind}/bulk_import`,
    {
      file: lines.join('\n'),
      mapping: {
        columns: columnsOf(columns),
        delimiter: options.delimiter ?? ',',
        header: options.header ?? true,
        update: options.update ?? false,
      },
    },
    { token: options.token ?? tenantToken },
  );
}

const importOk = async (...args: Parameters<typeof bulkImport>) => expectOk(await bulkImport(...args));

async function device(name: string, token = tenantToken): Promise<DeviceJson | undefined> {
  const res = await server.api.get<DeviceJson>(`/api/tenant/devices?deviceName=${encodeURIComponent(name)}`, {
    token,
  });
  if (res.status === 404) return undefined;
  return expectOk(res);
}

async function mustDevice(name: string): Promise<DeviceJson> {
  const found = await device(name);
  expect(found, `device ${name}`).toBeDefined();
  return found as DeviceJson;
}

async function asset(name: string, token = tenantToken): Promise<AssetJson | undefined> {
  const res = await server.api.get<AssetJson>(`/api/tenant/assets?assetName=${encodeURIComponent(name)}`, {
    token,
  });
  if (res.status === 404) return undefined;
  return expectOk(res);
}

const credentials = async (id: string) =>
  expectOk(await server.api.get<CredentialsJson>(`/api/device/${id}/credentials`, { token: tenantToken }));

async function attributes(entity: EntityIdJson, scope: string): Promise<Record<string, unknown>> {
  const list = expectOk(
    await server.api.get<{ key: string; value: unknown }[]>(
      `/api/plugins/telemetry/${entity.entityType}/${entity.id}/values/attributes/${scope}`,
      { token: tenantToken },
    ),
  );
  return Object.fromEntries(list.map((a) => [a.key, a.value]));
}

async function latest(entity: EntityIdJson, keys: string): Promise<Record<string, unknown>> {
  const values = expectOk(
    await server.api.get<Record<string, { ts: number; value: unknown }[]>>(
      `/api/plugins/telemetry/${entity.entityType}/${entity.id}/values/timeseries?keys=${keys}&useStrictDataTypes=true`,
      { token: tenantToken },
    ),
  );
  return Object.fromEntries(Object.entries(values).map(([key, points]) => [key, points[0]?.value]));
}

async function auditOf(entity: EntityIdJson): Promise<AuditLogJson[]> {
  const page = expectOk(
    await server.api.get<PageDataJson<AuditLogJson>>(
      `/api/audit/logs/entity/${entity.entityType}/${entity.id}?pageSize=50&page=0&sortProperty=createdTime&sortOrder=DESC`,
      { token: tenantToken },
    ),
  );
  return page.data;
}

const profileOf = async (id: string) =>
  expectOk(
    await server.api.get<{ name: string; transportType: string }>(`/api/deviceProfile/${id}`, {
      token: tenantToken,
    }),
  );

beforeAll(async () => {
  server = await startServer({ env: { HTTP_BODY_LIMIT: String(1024 * 1024) } });
  tenantToken = (await server.api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
  customerToken = (await server.api.login(DEMO.customer.email, DEMO.customer.password)).token;
  sysadminToken = (await server.api.login(DEMO.sysadmin.email, DEMO.sysadmin.password)).token;
  const tenant = await server.store.db
    .selectFrom('tenant')
    .select('id')
    .where('title', '=', 'Demo Tenant')
    .executeTakeFirstOrThrow();
  tenantId = tenant.id;
});

afterAll(async () => {
  await server?.close();
});

describe('device import: creating', () => {
  it('creates devices with fields, profiles, credentials, attributes and typed time series', async () => {
    const p = prefix();
    const result = await importOk(
      'device',
      [
        'NAME',
        'TYPE',
        'LABEL',
        'DESCRIPTION',
        'IS_GATEWAY',
        'ACCESS_TOKEN',
        ['SHARED_ATTRIBUTE', 'mode'],
        ['SERVER_ATTRIBUTE', 'floor'],
        ['TIMESERIES', 'temperature'],
        ['TIMESERIES', 'online'],
        ['TIMESERIES', 'serial'],
      ],
      [
        'name,type,label,description,gateway,token,mode,floor,temperature,online,serial',
        `${p} A,${p} sensor,Kitchen,"Near the door, left",true,${p}-tokA,eco,3,21.5,TRUE,S-01`,
        `${p} B,${p} sensor,,,false,,,-2,20,false,0042`,
        `${p} C,,Hall,,,,,,,,`,
      ],
    );
    expect(result).toEqual({ created: 3, updated: 0, errors: 0, errorsList: [] });

    const a = await mustDevice(`${p} A`);
    expect(a).toMatchObject({
      type: `${p} sensor`,
      label: 'Kitchen',
      additionalInfo: { description: 'Near the door, left', gateway: true },
      tenantId: { entityType: 'TENANT', id: tenantId },
      customerId: { entityType: 'CUSTOMER', id: NULL_UUID },
      deviceData: { transportConfiguration: { type: 'DEFAULT' } },
    });
    const profile = await profileOf(a.deviceProfileId.id);
    expect(profile).toMatchObject({ name: `${p} sensor`, transportType: 'DEFAULT' });
    expect(await credentials(a.id.id)).toMatchObject({
      credentialsType: 'ACCESS_TOKEN',
      credentialsId: `${p}-tokA`,
      credentialsValue: null,
    });
    expect(await attributes(a.id, 'SHARED_SCOPE')).toEqual({ mode: 'eco' });
    expect(await attributes(a.id, 'SERVER_SCOPE')).toEqual({ floor: 3 });
    expect(await latest(a.id, 'temperature,online,serial')).toEqual({
      temperature: 21.5,
      online: true,
      serial: 'S-01',
    });

    // The same new type twice: one profile; an empty value is no value.
    const b = await mustDevice(`${p} B`);
    expect(b.deviceProfileId).toEqual(a.deviceProfileId);
    expect(b).toMatchObject({ label: null, additionalInfo: { gateway: false } });
    expect(await attributes(b.id, 'SHARED_SCOPE')).toEqual({});
    expect(await attributes(b.id, 'SERVER_SCOPE')).toEqual({ floor: -2 });
    expect(await latest(b.id, 'temperature,online,serial')).toEqual({
      temperature: 20,
      online: false,
      serial: 42,
    });

    // No type: the tenant's default profile; no credentials: a generated 20-character token.
    const c = await mustDevice(`${p} C`);
    expect(c).toMatchObject({ type: 'default', label: 'Hall', additionalInfo: {} });
    expect((await credentials(c.id.id)).credentialsId).toMatch(/^[A-Za-z0-9]{20}$/);

    // Each created device has its ADDED entry, by the importing user.
    const added = (await auditOf(a.id)).find((e) => e.actionType === 'ADDED');
    expect(added).toMatchObject({
      actionType: 'ADDED',
      actionStatus: 'SUCCESS',
      entityName: `${p} A`,
      userName: DEMO.tenant.email,
      actionData: { entity: { name: `${p} A`, label: 'Kitchen' } },
    });
  });

  it('creates each kind of credentials', async () => {
    const p = prefix();
    const pem = `-----BEGIN CERTIFICATE-----\nMIIB${p}\n-----END CERTIFICATE-----`;
    const result = await importOk(
      'device',
      [
        'NAME',
        'TYPE',
        'ACCESS_TOKEN',
        'X509',
        'MQTT_CLIENT_ID',
        'MQTT_USER_NAME',
        'MQTT_PASSWORD',
        'LWM2M_CLIENT_ENDPOINT',
        'LWM2M_CLIENT_SECURITY_CONFIG_MODE',
        'LWM2M_CLIENT_IDENTITY',
        'LWM2M_CLIENT_KEY',
      ],
      [
        'name,type,token,x509,clientId,user,password,endpoint,mode,identity,key',
        `${p} token,,${p}-tok,,,,,,,,`,
        `${p} x509,,,"${pem}",,,,,,,`,
        `${p} mqtt,,,,${p}-client,${p}-user,secret,,,,`,
        `${p} mqtt-user,,,,,${p}-only-user,,,,,`,
        `${p} lwm2m,${p} lwm2m profile,,,,,,${p}-ep,,,`,
        `${p} lwm2m-psk,${p} lwm2m profile,,,,,,${p}-ep2,psk,${p}-identity,0a1b`,
      ],
    );
    expect(result).toEqual({ created: 6, updated: 0, errors: 0, errorsList: [] });

    const credentialsOf = async (name: string) => credentials((await mustDevice(`${p} ${name}`)).id.id);
    expect(await credentialsOf('token')).toEqual(
      expect.objectContaining({ credentialsType: 'ACCESS_TOKEN', credentialsId: `${p}-tok` }),
    );
    const x509 = await credentialsOf('x509');
    expect(x509.credentialsType).toBe('X509_CERTIFICATE');
    expect(x509.credentialsValue).toBe(`MIIB${p}`);
    expect(x509.credentialsId).toMatch(/^[0-9a-f]{64}$/);

    const mqtt = await credentialsOf('mqtt');
    expect(mqtt.credentialsType).toBe('MQTT_BASIC');
    expect(JSON.parse(mqtt.credentialsValue ?? '')).toEqual({
      clientId: `${p}-client`,
      userName: `${p}-user`,
      password: 'secret',
    });
    expect(mqtt.credentialsId).toMatch(/^[0-9a-f]{64}$/);
    expect(await credentialsOf('mqtt-user')).toMatchObject({
      credentialsType: 'MQTT_BASIC',
      credentialsId: `${p}-only-user`,
    });

    const lwm2m = await mustDevice(`${p} lwm2m`);
    expect(lwm2m.deviceData.transportConfiguration.type).toBe('LWM2M');
    expect(await profileOf(lwm2m.deviceProfileId.id)).toMatchObject({
      name: `${p} lwm2m profile`,
      transportType: 'LWM2M',
    });
    const noSec = await credentials(lwm2m.id.id);
    expect(noSec).toMatchObject({ credentialsType: 'LWM2M_CREDENTIALS', credentialsId: `${p}-ep` });
    expect(JSON.parse(noSec.credentialsValue ?? '')).toEqual({
      client: { securityConfigClientMode: 'NO_SEC', endpoint: `${p}-ep` },
      bootstrap: { bootstrapServer: { securityMode: 'NO_SEC' }, lwm2mServer: { securityMode: 'NO_SEC' } },
    });
    const psk = await credentialsOf('lwm2m-psk');
    expect(psk).toMatchObject({ credentialsType: 'LWM2M_CREDENTIALS', credentialsId: `${p}-identity` });
    expect(JSON.parse(psk.credentialsValue ?? '').client).toEqual({
      securityConfigClientMode: 'PSK',
      endpoint: `${p}-ep2`,
      identity: `${p}-identity`,
      key: '0a1b',
    });
  });

  it('counts lines as the reference does: the header line included, empty lines skipped', async () => {
    const p = prefix();
    const withHeader = await importOk(
      'device',
      ['NAME', 'LABEL'],
      ['name,label', `${p} one,x`, '', `${p} two`, `"${p} three",x`],
    );
    expect(withHeader).toEqual({
      created: 2,
      updated: 0,
      errors: 1,
      errorsList: ['Line: 3; Error: Wrong number of columns: expected 2, found 1'],
    });
    const withoutHeader = await importOk('device', ['NAME', 'LABEL'], [`,label`, `${p} four,x`], {
      header: false,
    });
    expect(withoutHeader.errorsList).toEqual(['Line: 1; Error: Device name should be specified!']);
    expect(withoutHeader.created).toBe(1);
  });

  it('reads other delimiters and quoted values', async () => {
    const p = prefix();
    const result = await importOk(
      'device',
      ['NAME', 'LABEL'],
      [`name;label`, `"${p}; semi";"a ""quoted"" label"`],
      {
        delimiter: ';',
      },
    );
    expect(result.created).toBe(1);
    expect((await mustDevice(`${p}; semi`)).label).toBe('a "quoted" label');
    const tabs = await importOk('device', ['NAME', 'LABEL'], [`${p} tab\tx`], {
      delimiter: '\t',
      header: false,
    });
    expect(tabs.created).toBe(1);
  });
});

describe('device import: per-line errors', () => {
  it('reports each bad line and imports the good ones, leaving nothing of the bad ones', async () => {
    const p = prefix();
    const lines = [
      'name,type,token,user,password,endpoint,mode,attr',
      `${p} good1,,${p}-g1,,,,,1`,
      `,,,,,,,2`,
      `${p} short,,`,
      `${p} taken,,A1_TEST_TOKEN,,,,,3`,
      `${p} mqtt,,,,pw-only,,,4`,
      `${p} badmode,${p} lw,,,,ep-${p},TLS,5`,
      `${p} lwm2m-default,default,,,,ep2-${p},,6`,
      `${'n'.repeat(256)},,,,,,,7`,
      `"${p} broken"x,,,,,,,8`,
      `${p} good2,,${p}-g2,,,,,9`,
      `${p} dup-token,,${p}-g1,,,,,10`,
      `${p} good1,,,,,,,11`,
    ];
    const result = await importOk(
      'device',
      [
        'NAME',
        'TYPE',
        'ACCESS_TOKEN',
        'MQTT_USER_NAME',
        'MQTT_PASSWORD',
        'LWM2M_CLIENT_ENDPOINT',
        'LWM2M_CLIENT_SECURITY_CONFIG_MODE',
        ['SERVER_ATTRIBUTE', 'attr'],
      ],
      lines,
    );
    expect(result).toEqual({
      created: 2,
      updated: 0,
      errors: 10,
      errorsList: [
        'Line: 3; Error: Device name should be specified!',
        'Line: 4; Error: Wrong number of columns: expected 8, found 3',
        'Line: 5; Error: Device credentials are already assigned to another device!',
        'Line: 6; Error: Invalid device credentials: Both mqtt client id and user name are empty!',
        'Line: 7; Error: Unknown LwM2M security mode: TLS, (the mode should be: PSK, RPK, X509, NO_SEC)!',
        "Line: 8; Error: Invalid request: credentials type 'LWM2M_CREDENTIALS' is not supported by the device profile's transport type 'DEFAULT'",
        "Line: 9; Error: Invalid request: field 'name' must NOT have more than 255 characters",
        'Line: 10; Error: Malformed CSV: unexpected text after a closing quote',
        'Line: 12; Error: Device credentials are already assigned to another device!',
        'Line: 13; Error: Device with such name already exists!',
      ],
    });
    const good1 = await mustDevice(`${p} good1`);
    expect(await attributes(good1.id, 'SERVER_SCOPE')).toEqual({ attr: 1 });
    expect((await credentials(good1.id.id)).credentialsId).toBe(`${p}-g1`);
    expect(await device(`${p} good2`)).toBeDefined();
    for (const name of ['short', 'taken', 'mqtt', 'badmode', 'lwm2m-default', 'broken', 'dup-token']) {
      expect(await device(`${p} ${name}`), name).toBeUndefined();
    }
    // The profile of a failed row is not created either.
    const profiles = await server.store.db
      .selectFrom('deviceProfile')
      .select('id')
      .where('name', '=', `${p} lw`)
      .execute();
    expect(profiles).toEqual([]);
    // The demo device kept its token.
    const a1 = await mustDevice('Test Device A1');
    expect((await credentials(a1.id.id)).credentialsId).toBe('A1_TEST_TOKEN');
  });

  it('rolls back a row the store refuses and still imports the other rows of its chunk', async () => {
    const p = prefix();
    const { db } = server.store;
    // A store-side failure no check of the import foresees: the whole chunk's transaction fails.
    await sql
      .raw(`
        create or replace function bulk_import_test_refuse() returns trigger language plpgsql as $$
        begin
          if new.name like '%refused%' then
            raise exception 'refused by the store' using errcode = '22023';
          end if;
          return new;
        end $$;
        create trigger bulk_import_test_refuse before insert on device
          for each row execute function bulk_import_test_refuse();
      `)
      .execute(db);
    try {
      const result = await importOk(
        'device',
        ['NAME', 'TYPE', 'ACCESS_TOKEN', ['SHARED_ATTRIBUTE', 'a'], ['TIMESERIES', 't']],
        [
          'name,type,token,a,t',
          `${p} ok1,${p} new type,${p}-1,1,1`,
          `${p} refused,${p} other type,${p}-2,2,2`,
          `${p} ok2,${p} new type,${p}-3,3,3`,
        ],
      );
      expect(result).toEqual({
        created: 2,
        updated: 0,
        errors: 1,
        errorsList: ['Line: 3; Error: Invalid request: a value cannot be stored'],
      });
    } finally {
      await sql.raw('drop trigger bulk_import_test_refuse on device').execute(db);
    }
    const ok1 = await mustDevice(`${p} ok1`);
    expect(await attributes(ok1.id, 'SHARED_SCOPE')).toEqual({ a: 1 });
    expect(await latest(ok1.id, 't')).toEqual({ t: 1 });
    expect(await device(`${p} ok2`)).toBeDefined();
    expect(await device(`${p} refused`)).toBeUndefined();
    const leftovers = await db
      .selectFrom('deviceCredentials')
      .select('id')
      .where('credentialsId', '=', `${p}-2`)
      .execute();
    expect(leftovers).toEqual([]);
    const profiles = await db
      .selectFrom('deviceProfile')
      .select('name')
      .where('name', '=', `${p} other type`)
      .execute();
    expect(profiles).toEqual([]);
  });

  it("commits a row's attributes and time series with its device: a value the store refuses fails the whole row", async () => {
    const p = prefix();
    const { db } = server.store;
    const attr = `${p}-attr`;
    const series = `${p}-series`;
    const heard: { type: string; id: string }[] = [];
    const stop = server.services.telemetry.onChange((change) => {
      heard.push({ type: change.type, id: change.entityId.id });
    });
    // Refused in ts_kv, after the chunk's devices, credentials and attributes were written.
    await sql
      .raw(`
        create or replace function bulk_import_test_refuse_point() returns trigger language plpgsql as $$
        begin
          if new.str_v = 'refused' then
            raise exception 'point refused by the store' using errcode = '22023';
          end if;
          return new;
        end $$;
        create trigger bulk_import_test_refuse_point before insert on ts_kv
          for each row execute function bulk_import_test_refuse_point();
      `)
      .execute(db);
    let result: BulkImportResult;
    try {
      result = await importOk(
        'device',
        ['NAME', 'ACCESS_TOKEN', ['SERVER_ATTRIBUTE', attr], ['TIMESERIES', series]],
        ['name,token,a,t', `${p} ok1,${p}-1,1,one`, `${p} bad,${p}-2,2,refused`, `${p} ok2,${p}-3,3,two`],
      );
    } finally {
      stop();
      await sql.raw('drop trigger bulk_import_test_refuse_point on ts_kv').execute(db);
    }
    expect(result).toEqual({
      created: 2,
      updated: 0,
      errors: 1,
      errorsList: ['Line: 3; Error: Invalid request: a value cannot be stored'],
    });
    const ok1 = await mustDevice(`${p} ok1`);
    const ok2 = await mustDevice(`${p} ok2`);
    expect(await attributes(ok1.id, 'SERVER_SCOPE')).toEqual({ [attr]: 1 });
    expect(await latest(ok2.id, series)).toEqual({ [series]: 'two' });
    // Nothing of the refused row: no device, credentials or attribute.
    expect(await device(`${p} bad`)).toBeUndefined();
    expect(
      await db.selectFrom('deviceCredentials').select('id').where('credentialsId', '=', `${p}-2`).execute(),
    ).toEqual([]);
    const stored = await db
      .selectFrom('attributeKv')
      .select('entityId')
      .where('attributeKey', '=', attr)
      .execute();
    expect(stored.map((row) => row.entityId).sort()).toEqual([ok1.id.id, ok2.id.id].sort());
    // The listeners heard the committed rows once each, nothing of the rolled-back attempts.
    const ofImport = heard.filter((h) => h.id === ok1.id.id || h.id === ok2.id.id);
    expect(heard).toHaveLength(ofImport.length);
    expect(ofImport.map((h) => `${h.type} ${h.id}`).sort()).toEqual(
      [
        `ATTRIBUTES_UPDATED ${ok1.id.id}`,
        `ATTRIBUTES_UPDATED ${ok2.id.id}`,
        `TIMESERIES_UPDATED ${ok1.id.id}`,
        `TIMESERIES_UPDATED ${ok2.id.id}`,
      ].sort(),
    );
  });

  it('stops creating at the tenant profile limit but still updates', async () => {
    const { db } = server.store;
    const profileId = uuidv1();
    await db
      .insertInto('tenantProfile')
      .values({
        id: profileId,
        createdTime: Date.now(),
        name: `Bulk limited ${profileId}`,
        description: null,
        profileData: JSON.stringify({ configuration: { type: 'DEFAULT', maxDevices: 2, maxAssets: 1 } }),
        isDefault: false,
        isolatedTbCore: false,
        isolatedTbRuleEngine: false,
      })
      .execute();
    const limited = await newTenant(db, 'Bulk Limited Tenant');
    await db.updateTable('tenant').set({ tenantProfileId: profileId }).where('id', '=', limited.id).execute();
    const admin = await newUser(db, { authority: 'TENANT_ADMIN', tenantId: limited.id });
    const { token } = await server.api.login(admin.email, admin.password);

    const first = await importOk('device', ['NAME', 'LABEL'], ['name,label', 'd1,x', 'd2,x', 'd3,x'], {
      token,
    });
    expect(first).toEqual({
      created: 2,
      updated: 0,
      errors: 1,
      errorsList: ["Line: 4; Error: Can't create more then 2 devices!"],
    });
    const second = await importOk('device', ['NAME', 'LABEL'], ['name,label', 'd2,y', 'd4,y'], {
      token,
      update: true,
    });
    expect(second).toEqual({
      created: 0,
      updated: 1,
      errors: 1,
      errorsList: ["Line: 3; Error: Can't create more then 2 devices!"],
    });
    const assets = await importOk('asset', ['NAME', 'TYPE'], ['a1,building', 'a2,building'], {
      token,
      header: false,
    });
    expect(assets.errorsList).toEqual(["Line: 2; Error: Can't create more then 1 assets!"]);
  });
});

describe('device import: updating', () => {
  it('updates only what differs, counts unchanged rows as updated, and refuses existing names without update', async () => {
    const p = prefix();
    const columns: Column[] = [
      'NAME',
      'TYPE',
      'LABEL',
      'DESCRIPTION',
      'IS_GATEWAY',
      ['SERVER_ATTRIBUTE', 'v'],
    ];
    await importOk('device', columns, [
      'name,type,label,description,gateway,v',
      `${p} same,${p} t,L,D,false,1`,
      `${p} label,${p} t,L,D,false,1`,
      `${p} type,${p} t,L,D,false,1`,
      `${p} gateway,${p} t,L,D,false,1`,
    ]);
    const before = {
      same: await mustDevice(`${p} same`),
      label: await mustDevice(`${p} label`),
      type: await mustDevice(`${p} type`),
    };
    await server.api.post(
      `/api/plugins/telemetry/DEVICE/${before.same.id.id}/attributes/SERVER_SCOPE`,
      { keep: 'me' },
      { token: tenantToken },
    );

    const next = [
      'name,type,label,description,gateway,v',
      `${p} same,${p} t,L,D,false,2`,
      `${p} label,${p} t,New label,,,2`,
      `${p} type,${p} t2,,,,2`,
      `${p} gateway,,,,true,2`,
      `${p} new,${p} t,L,D,false,2`,
    ];
    const refused = await importOk('device', columns, next);
    expect(refused).toEqual({
      created: 1,
      updated: 0,
      errors: 4,
      errorsList: [2, 3, 4, 5].map((line) => `Line: ${line}; Error: Device with such name already exists!`),
    });

    const result = await importOk('device', columns, next.slice(0, 5), { update: true });
    expect(result).toEqual({ created: 0, updated: 4, errors: 0, errorsList: [] });

    const same = await mustDevice(`${p} same`);
    expect(same).toEqual(before.same);
    // The unchanged row adds no UPDATED entry (the attributes entry is the REST write above).
    expect((await auditOf(same.id)).map((e) => e.actionType)).toEqual(['ATTRIBUTES_UPDATED', 'ADDED']);
    // Attributes of an unchanged row are still saved; others are kept.
    expect(await attributes(same.id, 'SERVER_SCOPE')).toEqual({ keep: 'me', v: 2 });

    const label = await mustDevice(`${p} label`);
    expect(label).toEqual({ ...before.label, label: 'New label' });
    const updated = (await auditOf(label.id)).find((e) => e.actionType === 'UPDATED');
    expect(updated).toMatchObject({ actionType: 'UPDATED', actionData: { entity: { label: 'New label' } } });

    const type = await mustDevice(`${p} type`);
    expect(type).toMatchObject({
      type: `${p} t2`,
      label: 'L',
      additionalInfo: { description: 'D', gateway: false },
    });
    expect(type.deviceProfileId).not.toEqual(before.type.deviceProfileId);
    expect((await profileOf(type.deviceProfileId.id)).name).toBe(`${p} t2`);
    // Credentials not in the row are kept.
    expect(await credentials(type.id.id)).toEqual(await credentials(before.type.id.id));

    const gateway = await mustDevice(`${p} gateway`);
    expect(gateway).toMatchObject({
      type: `${p} t`,
      label: 'L',
      additionalInfo: { description: 'D', gateway: true },
    });
  });

  it('replaces credentials the row gives when they differ', async () => {
    const p = prefix();
    await importOk('device', ['NAME', 'ACCESS_TOKEN'], [`${p} d,${p}-old`], { header: false });
    const d = await mustDevice(`${p} d`);
    const before = await credentials(d.id.id);
    expect(
      await importOk('device', ['NAME', 'ACCESS_TOKEN'], [`${p} d,${p}-old`], {
        header: false,
        update: true,
      }),
    ).toEqual({ created: 0, updated: 1, errors: 0, errorsList: [] });
    expect((await auditOf(d.id)).map((e) => e.actionType)).toEqual(['ADDED']);
    await importOk('device', ['NAME', 'MQTT_USER_NAME', 'MQTT_PASSWORD'], [`${p} d,${p}-user,pw`], {
      header: false,
      update: true,
    });
    const after = await credentials(d.id.id);
    expect(after).toMatchObject({ credentialsType: 'MQTT_BASIC', credentialsId: `${p}-user` });
    expect((after as unknown as { id: unknown }).id).toEqual((before as unknown as { id: unknown }).id);
    // The old token is free again.
    expect(
      (await importOk('device', ['NAME', 'ACCESS_TOKEN'], [`${p} e,${p}-old`], { header: false })).created,
    ).toBe(1);
  });

  it('handles a name twice in one file: an error without update, the later row updating with it', async () => {
    const p = prefix();
    const lines = [`${p} twin,first,1`, `${p} other,x,1`, `${p} twin,second,2`];
    const columns: Column[] = ['NAME', 'LABEL', ['TIMESERIES', 'n']];
    const without = await importOk('device', columns, lines, { header: false });
    expect(without).toEqual({
      created: 2,
      updated: 0,
      errors: 1,
      errorsList: ['Line: 3; Error: Device with such name already exists!'],
    });
    expect((await mustDevice(`${p} twin`)).label).toBe('first');

    const q = prefix();
    const withUpdate = await importOk(
      'device',
      columns,
      lines.map((line) => line.replace(p, q)),
      { header: false, update: true },
    );
    expect(withUpdate).toEqual({ created: 2, updated: 1, errors: 0, errorsList: [] });
    const twin = await mustDevice(`${q} twin`);
    expect(twin.label).toBe('second');
    expect(await latest(twin.id, 'n')).toEqual({ n: 2 });
    expect((await auditOf(twin.id)).map((e) => e.actionType).sort()).toEqual(['ADDED', 'UPDATED']);
  });

  it('imports more rows than one transaction holds, names repeating across chunks', async () => {
    const p = prefix();
    const lines = ['name,token'];
    for (let i = 0; i < 1100; i++) lines.push(`${p} ${i},${p}-t${i}`);
    lines.push(`${p} 7,${p}-t7`, `${p} 1099,${p}-changed`);
    const result = await importOk('device', ['NAME', 'ACCESS_TOKEN'], lines, { update: true });
    expect(result).toEqual({ created: 1100, updated: 2, errors: 0, errorsList: [] });
    const count = await server.store.db
      .selectFrom('device')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('name', 'like', `${p} %`)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1100);
    expect((await credentials((await mustDevice(`${p} 7`)).id.id)).credentialsId).toBe(`${p}-t7`);
    expect((await credentials((await mustDevice(`${p} 1099`)).id.id)).credentialsId).toBe(`${p}-changed`);
  });
});

describe('asset import', () => {
  it('creates, updates where different and reports errors per line', async () => {
    const p = prefix();
    const columns: Column[] = [
      'NAME',
      'TYPE',
      'LABEL',
      'DESCRIPTION',
      'IS_GATEWAY',
      'ACCESS_TOKEN',
      ['SHARED_ATTRIBUTE', 'area'],
    ];
    const created = await importOk('asset', columns, [
      'name,type,label,description,gateway,token,area',
      `${p} plant,building,Main,Big one,true,ignored,120.5`,
      `${p} shed,building,,,,,`,
      `${p} notype,,,,,,`,
      `,building,,,,,`,
    ]);
    expect(created).toEqual({
      created: 2,
      updated: 0,
      errors: 2,
      errorsList: [
        'Line: 4; Error: Asset type should be specified!',
        'Line: 5; Error: Asset name should be specified!',
      ],
    });
    const plant = await asset(`${p} plant`);
    expect(plant).toMatchObject({
      type: 'building',
      label: 'Main',
      additionalInfo: { description: 'Big one' },
      tenantId: { entityType: 'TENANT', id: tenantId },
    });
    expect(plant?.additionalInfo).not.toHaveProperty('gateway');
    expect(await attributes(plant?.id as EntityIdJson, 'SHARED_SCOPE')).toEqual({ area: 120.5 });
    expect((await auditOf(plant?.id as EntityIdJson)).map((e) => e.actionType)).toEqual(['ADDED']);
    const credentialRows = await server.store.db
      .selectFrom('deviceCredentials')
      .select('id')
      .where('credentialsId', '=', 'ignored')
      .execute();
    expect(credentialRows).toEqual([]);

    const again = await importOk(
      'asset',
      columns,
      [
        'name,type,label,description,gateway,token,area',
        `${p} plant,building,Main,Big one,false,,121`,
        `${p} shed,warehouse,,,,,`,
        `${p} plant2,building,,,,,`,
      ],
      { update: true },
    );
    expect(again).toEqual({ created: 1, updated: 2, errors: 0, errorsList: [] });
    expect(await asset(`${p} plant`)).toEqual(plant);
    expect((await auditOf(plant?.id as EntityIdJson)).map((e) => e.actionType)).toEqual(['ADDED']);
    expect(await attributes(plant?.id as EntityIdJson, 'SHARED_SCOPE')).toEqual({ area: 121 });
    expect((await asset(`${p} shed`))?.type).toBe('warehouse');

    const refused = await importOk('asset', ['NAME', 'TYPE'], [`${p} shed,x`], { header: false });
    expect(refused.errorsList).toEqual(['Line: 1; Error: Asset with such name already exists!']);
  });
});

describe('bulk import: requests', () => {
  it('refuses malformed requests with 400 naming the problem', async () => {
    const post = (body: unknown) => server.api.post('/api/device/bulk_import', body, { token: tenantToken });
    const mapping = { columns: [{ type: 'NAME' }], delimiter: ',', header: false, update: false };
    expectError(await post({ mapping }), 400, 31, "Invalid request: field 'file' is required");
    expectError(await post({ file: 'a' }), 400, 31, "Invalid request: field 'mapping' is required");
    expectError(
      await post({ file: 'a', mapping: { ...mapping, columns: [{ type: 'COLOUR' }] } }),
      400,
      31,
      /mapping\.columns\.0\.type/,
    );
    expectError(await post({ file: 'a', mapping: { ...mapping, columns: [] } }), 400, 31, /mapping\.columns/);
    expectError(
      await post({ file: 'a', mapping: { ...mapping, delimiter: ',,' } }),
      400,
      31,
      /mapping\.delimiter/,
    );
    expectError(
      await post({ file: 'a', mapping: { ...mapping, delimiter: '"' } }),
      400,
      31,
      "Invalid request: field 'mapping.delimiter' must be one character other than a quote or a line break",
    );
    expectError(
      await post({ file: 'a', mapping: { ...mapping, columns: [{ type: 'LABEL' }] } }),
      400,
      31,
      "Invalid request: field 'mapping.columns' has no NAME column",
    );
    expectError(
      await post({
        file: 'a,1',
        mapping: { ...mapping, columns: [{ type: 'NAME' }, { type: 'TIMESERIES' }] },
      }),
      400,
      31,
      "Invalid request: field 'mapping.columns[1].key': Key cannot be empty or contains only spaces",
    );
    expectError(
      await post({ file: 'a', mapping: { ...mapping, header: 'yes' } }),
      400,
      31,
      /mapping\.header/,
    );
  });

  it('accepts the defaults: comma, no header, no update; and an empty file', async () => {
    const p = prefix();
    const res = await server.api.post<BulkImportResult>(
      '/api/device/bulk_import',
      { file: `${p} defaults,x`, mapping: { columns: [{ type: 'NAME' }, { type: 'LABEL' }] } },
      { token: tenantToken },
    );
    expect(expectOk(res)).toEqual({ created: 1, updated: 0, errors: 0, errorsList: [] });
    expect(await importOk('device', ['NAME'], [''], {})).toEqual({
      created: 0,
      updated: 0,
      errors: 0,
      errorsList: [],
    });
  });

  it('answers 400 to a body over the HTTP body limit', async () => {
    const line = `${'x'.repeat(100)}\n`;
    const res = await server.api.post(
      '/api/device/bulk_import',
      { file: line.repeat(11000), mapping: { columns: [{ type: 'NAME' }] } },
      { token: tenantToken },
    );
    expectError(res, 400, 31, 'Invalid request body: too large');
  });
});

describe('bulk import: access', () => {
  const body = (name: string) => ({
    file: `${name},x`,
    mapping: { columns: [{ type: 'NAME' }, { type: 'LABEL' }], delimiter: ',', header: false, update: true },
  });

  it('is refused to anonymous callers, the system administrator and customer users', async () => {
    for (const kind of ['device', 'asset']) {
      expectError(await server.api.post(`/api/${kind}/bulk_import`, body('Test Device A1')), 401, 10);
      for (const token of [sysadminToken, customerToken]) {
        expectError(
          await server.api.post(`/api/${kind}/bulk_import`, body('Test Device A1'), { token }),
          403,
          20,
          "You don't have permission to perform this operation!",
        );
      }
    }
    expect((await mustDevice('Test Device A1')).label).not.toBe('x');
  });

  it("imports into the caller's own tenant only: another tenant's names are neither seen nor touched", async () => {
    const { db } = server.store;
    const other = await newTenant(db, 'Bulk Other Tenant');
    const admin = await newUser(db, { authority: 'TENANT_ADMIN', tenantId: other.id });
    const { token } = await server.api.login(admin.email, admin.password);
    const before = await mustDevice('Test Device A1');

    const result = expectOk(
      await server.api.post<BulkImportResult>('/api/device/bulk_import', body('Test Device A1'), { token }),
    );
    expect(result).toEqual({ created: 1, updated: 0, errors: 0, errorsList: [] });
    expect(await mustDevice('Test Device A1')).toEqual(before);
    const theirs = await device('Test Device A1', token);
    expect(theirs).toMatchObject({ label: 'x', tenantId: { id: other.id } });
    expect(theirs?.id).not.toEqual(before.id);

    const assets = expectOk(
      await server.api.post<BulkImportResult>(
        '/api/asset/bulk_import',
        {
          ...body('Shared name'),
          mapping: { ...body('').mapping, columns: [{ type: 'NAME' }, { type: 'TYPE' }] },
        },
        { token },
      ),
    );
    expect(assets.created).toBe(1);
    expect(await asset('Shared name')).toBeUndefined();
  });
});
