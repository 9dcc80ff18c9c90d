import { newUser } from './factories.js';
import { expectOk, type TestServer } from './helper.js';

interface IdJson {
  id: { id: string; entityType: string };
}

const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 8)}`;

export interface LimitedTenant {
  tenantId: string;
  /** Its administrator's JWT. */
  token: string;
  deviceId: string;
  /** The device's access token. */
  accessToken: string;
  /** Another device of the tenant; resolves with its access token. */
  newDevice(): Promise<string>;
}

/**
 * A new tenant on a new tenant profile with the given limits (`profileData.configuration`), its
 * administrator and a device with an access token.
 */
export async function newLimitedTenant(
  server: TestServer,
  sysadminToken: string,
  configuration: Record<string, unknown>,
): Promise<LimitedTenant> {
  const sysadmin = { token: sysadminToken };
  const profile = expectOk(
    await server.api.post<IdJson>(
      '/api/tenantProfile',
      { name: unique('Limits'), profileData: { configuration: { type: 'DEFAULT', ...configuration } } },
      sysadmin,
    ),
  );
  const tenant = expectOk(
    await server.api.post<IdJson>(
      '/api/tenant',
      { title: unique('Limited tenant'), tenantProfileId: profile.id },
      sysadmin,
    ),
  );
  const admin = await newUser(server.store.db, { authority: 'TENANT_ADMIN', tenantId: tenant.id.id });
  const token = (await server.api.login(admin.email, admin.password)).token;
  const newDevice = async () => {
    const device = expectOk(
      await server.api.post<IdJson>('/api/device', { name: unique('Meter') }, { token }),
    );
    const credentials = expectOk(
      await server.api.get<{ credentialsId: string }>(`/api/device/${device.id.id}/credentials`, { token }),
    );
    return { deviceId: device.id.id, accessToken: credentials.credentialsId };
  };
  const first = await newDevice();
  return {
    tenantId: tenant.id.id,
    token,
    ...first,
    newDevice: async () => (await newDevice()).accessToken,
  };
}
