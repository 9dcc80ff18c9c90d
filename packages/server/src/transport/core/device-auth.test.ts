import { v1 as uuidv1 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../db/store.js';
import { sha3Hex } from '../../modules/devices/credentials.js';
import { DeviceAuthenticator } from './device-auth.js';
import { demoStore } from './test-store.js';

let store: Store & { tenantId: string; profileId: string };

beforeAll(async () => {
  store = await demoStore();
});

afterAll(async () => {
  await store?.close();
});

const PEM = `-----BEGIN CERTIFICATE-----
MIIBszCCAVmgAwIBAgIUXyZ
QUJDREVGR0g=
-----END CERTIFICATE-----`;

async function device(
  credentials: { type: string; id: string; value?: string | null },
  additionalInfo: unknown = null,
): Promise<string> {
  const id = uuidv1();
  await store.db
    .insertInto('device')
    .values({
      id,
      createdTime: Date.now(),
      tenantId: store.tenantId,
      customerId: null,
      deviceProfileId: store.profileId,
      name: `auth-${id}`,
      type: 'default',
      label: null,
      deviceData: null,
      additionalInfo: additionalInfo === null ? null : JSON.stringify(additionalInfo),
      firmwareId: null,
      softwareId: null,
    })
    .execute();
  await store.db
    .insertInto('deviceCredentials')
    .values({
      id: uuidv1(),
      createdTime: Date.now(),
      deviceId: id,
      credentialsType: credentials.type,
      credentialsId: credentials.id,
      credentialsValue: credentials.value ?? null,
    })
    .execute();
  return id;
}

const mqtt = (clientId: string | null, userName: string | null, password: string | null) =>
  JSON.stringify({ clientId, userName, password });

describe('DeviceAuthenticator', () => {
  it('finds a device by access token, with its profile and gateway flag', async () => {
    const auth = new DeviceAuthenticator(store.db, 100);
    const id = await device({ type: 'ACCESS_TOKEN', id: 'token-1' }, { gateway: true });
    const identity = await auth.authenticate({ type: 'ACCESS_TOKEN', token: 'token-1' });
    expect(identity).toMatchObject({
      deviceId: id,
      tenantId: store.tenantId,
      customerId: null,
      deviceType: 'default',
      deviceProfileId: store.profileId,
      provisionType: 'DISABLED',
      gateway: true,
    });
    expect(identity?.profileData.transportConfiguration.type).toBe('DEFAULT');
    expect(await auth.authenticate({ type: 'ACCESS_TOKEN', token: 'token-2' })).toBeUndefined();
    expect(await auth.authenticate({ type: 'ACCESS_TOKEN', token: '' })).toBeUndefined();
  });

  it('follows the MQTT lookup order of the reference and checks stored passwords', async () => {
    const auth = new DeviceAuthenticator(store.db, 100);
    const byClient = await device({
      type: 'MQTT_BASIC',
      id: sha3Hex('client-only'),
      value: mqtt('client-only', null, null),
    });
    const byBoth = await device({ type: 'MQTT_BASIC', id: sha3Hex('c1|u1'), value: mqtt('c1', 'u1', 'pw') });
    const byUser = await device({
      type: 'MQTT_BASIC',
      id: 'user-only',
      value: mqtt(null, 'user-only', 'secret'),
    });
    const byToken = await device({ type: 'ACCESS_TOKEN', id: 'mqtt-token' });
    const basic = (clientId?: string, userName?: string, password?: string) =>
      auth.authenticate({ type: 'MQTT_BASIC', clientId, userName, password }).then((i) => i?.deviceId);

    expect(await basic('client-only')).toBe(byClient);
    expect(await basic('c1', 'u1', 'pw')).toBe(byBoth);
    expect(await basic('c1', 'u1', 'wrong')).toBeUndefined();
    expect(await basic('any-client', 'user-only', 'secret')).toBe(byUser);
    expect(await basic(undefined, 'user-only', 'nope')).toBeUndefined();
    // A user name that is an access token: the password is ignored.
    expect(await basic('whatever', 'mqtt-token', 'ignored')).toBe(byToken);
    // Without a user name only the client id hash is tried, never an access token.
    expect(await basic('mqtt-token')).toBeUndefined();
    expect(await basic()).toBeUndefined();
    // Access-token proofs never match MQTT basic credentials.
    expect(await auth.authenticate({ type: 'ACCESS_TOKEN', token: 'user-only' })).toBeUndefined();
  });

  it('finds X.509 devices by the SHA3-256 of the certificate, PEM or bare', async () => {
    const auth = new DeviceAuthenticator(store.db, 100);
    const id = await device({ type: 'X509_CERTIFICATE', id: sha3Hex(PEM), value: PEM });
    expect((await auth.authenticate({ type: 'X509_CERTIFICATE', certificate: PEM }))?.deviceId).toBe(id);
    const bare = PEM.replace(/-----[A-Z ]+-----/g, '').replace(/\n/g, '');
    expect((await auth.authenticate({ type: 'X509_CERTIFICATE', certificate: bare }))?.deviceId).toBe(id);
    expect(await auth.authenticate({ type: 'X509_CERTIFICATE', certificate: 'other' })).toBeUndefined();
  });

  it('caches identities, shares concurrent lookups, and drops entries on device and profile events', async () => {
    const auth = new DeviceAuthenticator(store.db, 100);
    const id = await device({ type: 'ACCESS_TOKEN', id: 'cached-token' });
    const [a, b] = await Promise.all([
      auth.authenticate({ type: 'ACCESS_TOKEN', token: 'cached-token' }),
      auth.authenticate({ type: 'ACCESS_TOKEN', token: 'cached-token' }),
    ]);
    expect(a).toBe(b);
    await store.db.updateTable('device').set({ name: 'renamed' }).where('id', '=', id).execute();
    expect((await auth.authenticate({ type: 'ACCESS_TOKEN', token: 'cached-token' }))?.deviceName).not.toBe(
      'renamed',
    );
    auth.onDeviceEvent({ type: 'DEVICE_UPDATED', deviceId: id });
    expect((await auth.authenticate({ type: 'ACCESS_TOKEN', token: 'cached-token' }))?.deviceName).toBe(
      'renamed',
    );

    await store.db.updateTable('device').set({ name: 'renamed again' }).where('id', '=', id).execute();
    auth.onDeviceEvent({ type: 'PROFILE_UPDATED', deviceProfileId: store.profileId });
    expect((await auth.authenticate({ type: 'ACCESS_TOKEN', token: 'cached-token' }))?.deviceName).toBe(
      'renamed again',
    );

    await store.db.deleteFrom('deviceCredentials').where('deviceId', '=', id).execute();
    auth.onDeviceEvent({ type: 'CREDENTIALS_UPDATED', deviceId: id });
    expect(await auth.authenticate({ type: 'ACCESS_TOKEN', token: 'cached-token' })).toBeUndefined();
  });

  it('keeps at most the configured number of identities', async () => {
    const auth = new DeviceAuthenticator(store.db, 2);
    for (const token of ['cap-1', 'cap-2', 'cap-3']) {
      await device({ type: 'ACCESS_TOKEN', id: token });
      await auth.authenticate({ type: 'ACCESS_TOKEN', token });
    }
    expect(auth.size).toBe(2);
  });
});
