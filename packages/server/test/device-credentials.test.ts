import { createHash } from 'node:crypto';
import { v1 as uuidv1 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTenant, newUser, type UserRef } from './factories.js';
import {
  DEMO,
  type DemoIds,
  demoIds,
  type EntityIdJson,
  expectError,
  expectOk,
  startServer,
  type TestServer,
} from './helper.js';

/**
 * Device credentials (reference DeviceCredentialsServiceImpl, spec 2 §5): the four types, how their
 * credentials id is derived, uniqueness across all tenants, the transport of the device profile,
 * and who may read or change them.
 */

interface DeviceJson {
  id: EntityIdJson;
  name: string;
  deviceProfileId: EntityIdJson;
  customerId: EntityIdJson;
}

interface CredentialsJson {
  id: { id: string };
  createdTime: number;
  deviceId: EntityIdJson;
  credentialsType: string;
  credentialsId: string;
  credentialsValue: string | null;
}

let server: TestServer;
let ids: DemoIds;
let tenantToken: string;
let customerToken: string;
let otherTenantToken: string;
let otherAdmin: UserRef;
/** Profile ids by transport type, created in the Demo Tenant. */
const profiles: Record<string, EntityIdJson> = {};

beforeAll(async () => {
  server = await startServer();
  ids = await demoIds(server.store);
  tenantToken = (await server.api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
  customerToken = (await server.api.login(DEMO.customer.email, DEMO.customer.password)).token;
  const other = await newTenant(server.store.db);
  otherAdmin = await newUser(server.store.db, { authority: 'TENANT_ADMIN', tenantId: other.id });
  otherTenantToken = (await server.api.login(otherAdmin.email, otherAdmin.password)).token;
  for (const transportType of ['DEFAULT', 'MQTT', 'COAP', 'LWM2M', 'SNMP']) {
    const profile = expectOk(
      await server.api.post<{ id: EntityIdJson }>(
        '/api/deviceProfile',
        { name: `${transportType} profile`, type: 'DEFAULT', transportType },
        { token: tenantToken },
      ),
    );
    profiles[transportType] = profile.id;
  }
});

afterAll(async () => {
  await server?.close();
});

const ta = () => ({ token: tenantToken });
let counter = 0;
const uniqueName = () => `Cred device ${Date.now().toString(36)}-${++counter}`;
const sha3 = (text: string) => createHash('sha3-256').update(text, 'utf8').digest('hex');

async function deviceOn(transportType: string, extra: Record<string, unknown> = {}): Promise<DeviceJson> {
  const device = { name: uniqueName(), deviceProfileId: profiles[transportType], ...extra };
  if (transportType === 'LWM2M') {
    return expectOk(
      await server.api.post<DeviceJson>(
        '/api/device-with-credentials',
        { device, credentials: lwm2m({ securityConfigClientMode: 'NO_SEC', endpoint: `ep-${uuidv1()}` }) },
        ta(),
      ),
    );
  }
  return expectOk(await server.api.post<DeviceJson>('/api/device', device, ta()));
}

const lwm2m = (client: Record<string, unknown>) => ({
  credentialsType: 'LWM2M_CREDENTIALS',
  credentialsValue: JSON.stringify({
    client,
    bootstrap: { bootstrapServer: { securityMode: 'NO_SEC' }, lwm2mServer: { securityMode: 'NO_SEC' } },
  }),
});

const current = async (deviceId: string) =>
  expectOk(await server.api.get<CredentialsJson>(`/api/device/${deviceId}/credentials`, ta()));

/** POST /api/device/credentials for the device, replacing its current credentials. */
async function update(device: DeviceJson, credentials: Record<string, unknown>, token = tenantToken) {
  const stored = await current(device.id.id);
  return server.api.post<CredentialsJson>(
    '/api/device/credentials',
    { id: stored.id, deviceId: device.id, credentialsId: null, credentialsValue: null, ...credentials },
    { token },
  );
}

const PEM = [
  '-----BEGIN CERTIFICATE-----',
  'MIIBszCCAVmgAwIBAgIUM2ZlMGYyNGFiZjY1ZjQ2NDY2NjcwCgYIKoZIzj0EAwIw',
  'FzEVMBMGA1UEAwwMbWVyaWRpYW4tdGVzdDAeFw0yNTAxMDEwMDAwMDBaFw0zNTAx',
  '-----END CERTIFICATE-----',
].join('\n');
const PEM_BODY = PEM.replace('-----BEGIN CERTIFICATE-----', '')
  .replace('-----END CERTIFICATE-----', '')
  .replaceAll('\n', '');

const LWM2M_PEM_BODY = 'MIIBtDCCAVqgAwIBAgIUbHdtMm0tY2xpZW50LWNlcnRpZmljYXRl';
const LWM2M_PEM = `-----BEGIN CERTIFICATE-----\n${LWM2M_PEM_BODY}\n-----END CERTIFICATE-----\n`;

describe('ACCESS_TOKEN', () => {
  it('replaces the token and answers the stored credentials', async () => {
    const device = await deviceOn('DEFAULT');
    const before = await current(device.id.id);
    const token = `tok-${uuidv1()}`;
    const saved = expectOk(await update(device, { credentialsType: 'ACCESS_TOKEN', credentialsId: token }));
    expect(saved).toEqual({ ...before, credentialsId: token, credentialsValue: null });
    expect(await current(device.id.id)).toEqual(saved);
  });

  it('refuses an empty token and a token of another device, even of another tenant', async () => {
    const device = await deviceOn('DEFAULT');
    expectError(
      await update(device, { credentialsType: 'ACCESS_TOKEN', credentialsId: ' ' }),
      400,
      31,
      'Device credentials id should be specified!',
    );
    const foreign = expectOk(
      await server.api.post<DeviceJson>('/api/device', { name: uniqueName() }, { token: otherTenantToken }),
    );
    const foreignToken = expectOk(
      await server.api.get<CredentialsJson>(`/api/device/${foreign.id.id}/credentials`, {
        token: otherTenantToken,
      }),
    ).credentialsId;
    expectError(
      await update(device, { credentialsType: 'ACCESS_TOKEN', credentialsId: foreignToken }),
      400,
      31,
      'Device credentials are already assigned to another device!',
    );
    expectError(
      await update(device, { credentialsType: 'ACCESS_TOKEN', credentialsId: 'A1_TEST_TOKEN' }),
      400,
      31,
      'Device credentials are already assigned to another device!',
    );
    expectError(
      await update(device, { credentialsType: 'ACCESS_TOKEN', credentialsId: 'x'.repeat(256) }),
      400,
      31,
      /credentialsId/,
    );
    expectError(
      await update(device, { credentialsType: 'PASSWORD', credentialsId: 'x' }),
      400,
      31,
      /credentialsType/,
    );
    expectError(
      await update(device, { credentialsType: null, credentialsId: 'x' }),
      400,
      31,
      'Device credentials type should be specified!',
    );
  });
});

describe('X509_CERTIFICATE', () => {
  it('stores the certificate without armour and line breaks, identified by its SHA3-256 hash', async () => {
    const device = await deviceOn('MQTT');
    const saved = expectOk(
      await update(device, { credentialsType: 'X509_CERTIFICATE', credentialsValue: PEM }),
    );
    expect(saved).toMatchObject({
      credentialsType: 'X509_CERTIFICATE',
      credentialsId: sha3(PEM_BODY),
      credentialsValue: PEM_BODY,
    });
    const twin = await deviceOn('DEFAULT');
    expectError(
      await update(twin, { credentialsType: 'X509_CERTIFICATE', credentialsValue: `${PEM_BODY}\r\n` }),
      400,
      31,
      'Device credentials are already assigned to another device!',
    );
    expectError(
      await update(twin, { credentialsType: 'X509_CERTIFICATE', credentialsValue: '' }),
      400,
      31,
      'X509 certificate should be specified!',
    );
  });
});

describe('MQTT_BASIC', () => {
  const basic = (value: Record<string, unknown>) => ({
    credentialsType: 'MQTT_BASIC',
    credentialsValue: JSON.stringify(value),
  });

  it('derives the credentials id from the client id and user name', async () => {
    const clientId = `client-${uuidv1()}`;
    const userName = `user-${uuidv1()}`;
    const cases: [Record<string, unknown>, string][] = [
      [{ clientId }, sha3(clientId)],
      [{ userName, password: 'secret' }, userName],
      [{ clientId, userName, password: 'secret' }, sha3(`${clientId}|${userName}`)],
    ];
    for (const [value, expected] of cases) {
      const device = await deviceOn('MQTT');
      const saved = expectOk(await update(device, basic(value)));
      expect(saved.credentialsId).toBe(expected);
      expect(JSON.parse(saved.credentialsValue ?? '')).toEqual({
        clientId: null,
        userName: null,
        password: null,
        ...value,
      });
    }
  });

  it('refuses empty, malformed or password-only-with-client-id values, and duplicates', async () => {
    const device = await deviceOn('DEFAULT');
    expectError(
      await update(device, basic({ password: 'p' })),
      400,
      31,
      'Both mqtt client id and user name are empty!',
    );
    expectError(
      await update(device, basic({ clientId: '', userName: '' })),
      400,
      31,
      'Both mqtt client id and user name are empty!',
    );
    expectError(
      await update(device, { credentialsType: 'MQTT_BASIC', credentialsValue: '{not json' }),
      400,
      31,
      'Invalid credentials body for simple mqtt credentials!',
    );
    expectError(
      await update(device, basic({ clientId: 7 })),
      400,
      31,
      'Invalid credentials body for simple mqtt credentials!',
    );
    expectError(await update(device, basic({ clientId: 'c', password: 'p' })), 400, 31, /password/);
    const userName = `shared-${uuidv1()}`;
    expectOk(await update(device, basic({ userName })));
    const other = await deviceOn('DEFAULT');
    expectError(
      await update(other, basic({ userName })),
      400,
      31,
      'Device credentials are already assigned to another device!',
    );
  });
});

describe('LWM2M_CREDENTIALS', () => {
  it('derives the id from the endpoint, the PSK identity or the certificate', async () => {
    const endpoint = `ep-${uuidv1()}`;
    const identity = `id-${uuidv1()}`;
    const cases: [Record<string, unknown>, string][] = [
      [{ securityConfigClientMode: 'NO_SEC', endpoint }, endpoint],
      [{ securityConfigClientMode: 'RPK', endpoint: `${endpoint}-rpk`, key: 'abcd' }, `${endpoint}-rpk`],
      [{ securityConfigClientMode: 'PSK', endpoint: `${endpoint}-psk`, identity, key: 'abcd' }, identity],
      [{ securityConfigClientMode: 'PSK', endpoint: `${endpoint}-psk2`, key: 'abcd' }, `${endpoint}-psk2`],
      [
        { securityConfigClientMode: 'X509', endpoint: `${endpoint}-x509`, cert: LWM2M_PEM },
        sha3(LWM2M_PEM_BODY),
      ],
      [{ securityConfigClientMode: 'X509', endpoint: `${endpoint}-x509b` }, `${endpoint}-x509b`],
    ];
    for (const [client, expected] of cases) {
      const device = await deviceOn('LWM2M');
      const saved = expectOk(await update(device, lwm2m(client)));
      expect(saved.credentialsType).toBe('LWM2M_CREDENTIALS');
      expect(saved.credentialsId).toBe(expected);
      const stored = JSON.parse(saved.credentialsValue ?? '') as { client: { cert?: string } };
      if (client.cert) expect(stored.client.cert).toBe(LWM2M_PEM_BODY);
    }
  });

  it('refuses malformed values', async () => {
    const device = await deviceOn('LWM2M');
    const message = 'Invalid credentials body for LwM2M credentials!';
    expectError(
      await update(device, { credentialsType: 'LWM2M_CREDENTIALS', credentialsValue: '[]' }),
      400,
      31,
      message,
    );
    expectError(await update(device, lwm2m({ securityConfigClientMode: 'NO_SEC' })), 400, 31, message);
    expectError(
      await update(device, lwm2m({ securityConfigClientMode: 'OPEN', endpoint: 'e' })),
      400,
      31,
      /securityConfigClientMode/,
    );
  });
});

describe('transport compatibility (spec 2 §5)', () => {
  const token = () => ({ credentialsType: 'ACCESS_TOKEN', credentialsId: `t-${uuidv1()}` });
  const basic = () => ({
    credentialsType: 'MQTT_BASIC',
    credentialsValue: JSON.stringify({ userName: `u-${uuidv1()}` }),
  });
  const cert = () => ({ credentialsType: 'X509_CERTIFICATE', credentialsValue: `CERT${uuidv1()}` });
  const lw = () => lwm2m({ securityConfigClientMode: 'NO_SEC', endpoint: `e-${uuidv1()}` });
  const allowed: Record<string, string[]> = {
    DEFAULT: ['ACCESS_TOKEN', 'X509_CERTIFICATE', 'MQTT_BASIC'],
    MQTT: ['ACCESS_TOKEN', 'X509_CERTIFICATE', 'MQTT_BASIC'],
    COAP: ['ACCESS_TOKEN', 'X509_CERTIFICATE'],
    LWM2M: ['LWM2M_CREDENTIALS'],
    SNMP: ['ACCESS_TOKEN'],
  };

  it('accepts exactly the credential types the profile transport allows', async () => {
    for (const [transport, types] of Object.entries(allowed)) {
      const device = await deviceOn(transport);
      for (const make of [token, basic, cert, lw]) {
        const credentials = make();
        const res = await update(device, credentials);
        if (types.includes(credentials.credentialsType)) expectOk(res);
        else expectError(res, 400, 31, new RegExp(`'${credentials.credentialsType}'.*'${transport}'`));
      }
    }
  });

  it('checks new devices and profile changes against the transport too', async () => {
    expectError(
      await server.api.post('/api/device', { name: uniqueName(), deviceProfileId: profiles.LWM2M }, ta()),
      400,
      31,
      /'ACCESS_TOKEN'.*'LWM2M'/,
    );
    const device = await deviceOn('DEFAULT');
    const stored = expectOk(
      await server.api.get<Record<string, unknown>>(`/api/device/${device.id.id}`, ta()),
    );
    expectError(
      await server.api.post('/api/device', { ...stored, deviceProfileId: profiles.LWM2M }, ta()),
      400,
      31,
      /'ACCESS_TOKEN'.*'LWM2M'/,
    );
    // Moving to LwM2M works when the new credentials come with it.
    const moved = expectOk(
      await server.api.post<DeviceJson>(
        '/api/device-with-credentials',
        { device: { ...stored, deviceProfileId: profiles.LWM2M }, credentials: lw() },
        ta(),
      ),
    );
    expect(moved.deviceProfileId).toEqual(profiles.LWM2M);
    expect((await current(device.id.id)).credentialsType).toBe('LWM2M_CREDENTIALS');
  });
});

describe('POST /api/device-with-credentials', () => {
  it('creates the device with the given credentials, or nothing at all', async () => {
    const userName = `dwc-${uuidv1()}`;
    const name = uniqueName();
    const device = expectOk(
      await server.api.post<DeviceJson>(
        '/api/device-with-credentials',
        {
          device: { name },
          credentials: { credentialsType: 'MQTT_BASIC', credentialsValue: JSON.stringify({ userName }) },
        },
        ta(),
      ),
    );
    expect((await current(device.id.id)).credentialsId).toBe(userName);
    const second = uniqueName();
    expectError(
      await server.api.post(
        '/api/device-with-credentials',
        {
          device: { name: second },
          credentials: { credentialsType: 'MQTT_BASIC', credentialsValue: JSON.stringify({ userName }) },
        },
        ta(),
      ),
      400,
      31,
      'Device credentials are already assigned to another device!',
    );
    expectError(
      await server.api.get(`/api/tenant/devices?deviceName=${encodeURIComponent(second)}`, ta()),
      404,
      32,
    );
    expectError(
      await server.api.post('/api/device-with-credentials', { device: { name: uniqueName() } }, ta()),
      400,
      31,
      /credentials/,
    );
  });
});

describe('who may read and change credentials', () => {
  it('lets a customer user read the credentials of their own devices only, and change none', async () => {
    const mine = await deviceOn('DEFAULT', { customerId: { entityType: 'CUSTOMER', id: ids.customerAId } });
    const theirs = await deviceOn('DEFAULT', { customerId: { entityType: 'CUSTOMER', id: ids.customerBId } });
    const cu = { token: customerToken };
    expect(expectOk(await server.api.get(`/api/device/${mine.id.id}/credentials`, cu))).toEqual(
      await current(mine.id.id),
    );
    expectError(await server.api.get(`/api/device/${theirs.id.id}/credentials`, cu), 403, 20);
    expectError(
      await update(mine, { credentialsType: 'ACCESS_TOKEN', credentialsId: `x-${uuidv1()}` }, customerToken),
      403,
      20,
    );
    const stored = expectOk(await server.api.get<Record<string, unknown>>(`/api/device/${mine.id.id}`, cu));
    expectError(
      await server.api.post(
        '/api/device-with-credentials',
        { device: stored, credentials: { credentialsType: 'ACCESS_TOKEN', credentialsId: `x-${uuidv1()}` } },
        cu,
      ),
      403,
      20,
    );
  });

  it('keeps other tenants out and checks the credentials record', async () => {
    const device = await deviceOn('DEFAULT');
    expectError(
      await server.api.get(`/api/device/${device.id.id}/credentials`, { token: otherTenantToken }),
      403,
      20,
    );
    const res = await update(
      device,
      { credentialsType: 'ACCESS_TOKEN', credentialsId: `x-${uuidv1()}` },
      otherTenantToken,
    );
    expectError(res, 403, 20);
    expect(res.text).not.toContain((await current(device.id.id)).credentialsId);
    expectError(await server.api.get(`/api/device/${uuidv1()}/credentials`, ta()), 404, 32);
    expectError(
      await server.api.post(
        '/api/device/credentials',
        {
          id: { id: uuidv1() },
          deviceId: device.id,
          credentialsType: 'ACCESS_TOKEN',
          credentialsId: `y-${uuidv1()}`,
        },
        ta(),
      ),
      400,
      31,
      'Unable to update non-existent device credentials!',
    );
    expectError(
      await server.api.post(
        '/api/device/credentials',
        { credentialsType: 'ACCESS_TOKEN', credentialsId: 'z' },
        ta(),
      ),
      400,
      31,
      'Device credentials should be assigned to device!',
    );
    expectError(
      await server.api.post(
        '/api/device/credentials',
        {
          deviceId: { entityType: 'DEVICE', id: uuidv1() },
          credentialsType: 'ACCESS_TOKEN',
          credentialsId: 'z',
        },
        ta(),
      ),
      404,
      32,
    );
  });
});
