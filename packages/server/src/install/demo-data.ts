import { v1 as uuidv1 } from 'uuid';
import { hashPassword } from '../auth/passwords.js';
import type { Db } from '../db/store.js';
import { createDefaultDeviceProfile } from '../modules/device-profiles/default-profile.js';
import { demoDashboard } from './demo-dashboard.js';
import { createRootRuleChain } from './root-rule-chain.js';

export const DEMO_ACCOUNTS = {
  tenant: { email: 'tenant@meridian.local', password: 'tenant' },
  customer: { email: 'customer@meridian.local', password: 'customer' },
} as const;

/** Where a demo device stands (server-side `latitude` and `longitude`), for the demo dashboard's map. */
interface Position {
  latitude: number;
  longitude: number;
}

const DEMO_DEVICES: {
  name: string;
  token: string;
  customer?: 'A' | 'B';
  description: string;
  position?: Position;
}[] = [
  {
    name: 'Test Device A1',
    token: 'A1_TEST_TOKEN',
    customer: 'A',
    description: 'A demo device of Customer A',
  },
  {
    name: 'Test Device A2',
    token: 'A2_TEST_TOKEN',
    customer: 'A',
    description: 'A demo device of Customer A',
  },
  {
    name: 'Test Device B1',
    token: 'B1_TEST_TOKEN',
    customer: 'B',
    description: 'A demo device of Customer B',
  },
  {
    name: 'Thermostat T1',
    token: 'T1_TEST_TOKEN',
    description: 'A demo thermostat',
    position: { latitude: 51.5072, longitude: -0.1276 },
  },
  {
    name: 'DHT11 Demo Device',
    token: 'DHT11_DEMO_TOKEN',
    description: 'A demo temperature and humidity sensor',
    position: { latitude: 48.8566, longitude: 2.3522 },
  },
];

/**
 * Installs the demo tenant in one transaction: a tenant administrator, two customers (the first with
 * a customer user), devices with access tokens, some assigned to the customers, and the tenant's
 * home dashboard "Demo devices" (demo-dashboard.ts), shown with its toolbar.
 */
export async function installDemoData(db: Db): Promise<void> {
  const now = Date.now();
  const [tenantHash, customerHash] = await Promise.all([
    hashPassword(DEMO_ACCOUNTS.tenant.password),
    hashPassword(DEMO_ACCOUNTS.customer.password),
  ]);
  await db.transaction().execute(async (trx) => {
    const profile = await trx
      .selectFrom('tenantProfile')
      .select('id')
      .where('isDefault', '=', true)
      .executeTakeFirstOrThrow();
    const tenantId = uuidv1();
    const dashboardId = uuidv1();
    await trx
      .insertInto('tenant')
      .values({
        id: tenantId,
        createdTime: now,
        tenantProfileId: profile.id,
        title: 'Demo Tenant',
        region: 'Global',
        additionalInfo: JSON.stringify({ homeDashboardId: dashboardId, homeDashboardHideToolbar: false }),
      })
      .execute();
    const customers = { A: uuidv1(), B: uuidv1() };
    for (const [letter, id] of Object.entries(customers)) {
      await trx
        .insertInto('customer')
        .values({ id, createdTime: now, tenantId, title: `Customer ${letter}`, additionalInfo: '{}' })
        .execute();
    }
    const addUser = async (
      email: string,
      hash: string,
      authority: string,
      customerId: string | null,
      firstName: string,
    ) => {
      const userId = uuidv1();
      await trx
        .insertInto('tbUser')
        .values({
          id: userId,
          createdTime: now,
          tenantId,
          customerId,
          authority,
          email,
          firstName,
          lastName: null,
          additionalInfo: '{}',
        })
        .execute();
      await trx
        .insertInto('userCredentials')
        .values({
          id: uuidv1(),
          createdTime: now,
          userId,
          enabled: true,
          password: hash,
          passwordChangedTs: now,
        })
        .execute();
    };
    await addUser(DEMO_ACCOUNTS.tenant.email, tenantHash, 'TENANT_ADMIN', null, 'Tenant');
    await addUser(DEMO_ACCOUNTS.customer.email, customerHash, 'CUSTOMER_USER', customers.A, 'Customer');
    const deviceProfileId = await createDefaultDeviceProfile(trx, tenantId);
    await createRootRuleChain(trx, tenantId);
    const deviceIds = new Map<string, string>();
    for (const device of DEMO_DEVICES) {
      const id = uuidv1();
      deviceIds.set(device.name, id);
      await trx
        .insertInto('device')
        .values({
          id,
          createdTime: now,
          tenantId,
          customerId: device.customer ? customers[device.customer] : null,
          deviceProfileId,
          name: device.name,
          type: 'default',
          label: null,
          deviceData: JSON.stringify({
            configuration: { type: 'DEFAULT' },
            transportConfiguration: { type: 'DEFAULT' },
          }),
          additionalInfo: JSON.stringify({ gateway: false, description: device.description }),
        })
        .execute();
      await trx
        .insertInto('deviceCredentials')
        .values({
          id: uuidv1(),
          createdTime: now,
          deviceId: id,
          credentialsType: 'ACCESS_TOKEN',
          credentialsId: device.token,
          credentialsValue: null,
        })
        .execute();
      if (device.position) {
        await trx
          .insertInto('attributeKv')
          .values(
            Object.entries(device.position).map(([key, value]) => ({
              entityType: 'DEVICE',
              entityId: id,
              attributeType: 'SERVER_SCOPE',
              attributeKey: key,
              lastUpdateTs: now,
              boolV: null,
              strV: null,
              longV: null,
              dblV: value,
              jsonV: null,
            })),
          )
          .execute();
      }
    }
    const dashboard = demoDashboard({
      thermostat: deviceIds.get('Thermostat T1') ?? '',
      dht11: deviceIds.get('DHT11 Demo Device') ?? '',
    });
    await trx
      .insertInto('dashboard')
      .values({
        id: dashboardId,
        createdTime: now,
        tenantId,
        title: dashboard.title,
        image: null,
        assignedCustomers: '[]',
        mobileHide: false,
        mobileOrder: null,
        configuration: JSON.stringify(dashboard.configuration),
      })
      .execute();
  });
}
