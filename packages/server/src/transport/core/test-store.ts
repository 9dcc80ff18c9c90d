import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrate, openStore, type Store } from '../../db/store.js';
import { installDemoData } from '../../install/demo-data.js';
import { installSystemData } from '../../install/system-data.js';

/** An in-memory store with the demo tenant, for the unit tests of the transport core. */
export async function demoStore(): Promise<Store & { tenantId: string; profileId: string }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'meridian-core-'));
  const store = await openStore({ databaseUrl: 'memory://', dataDir });
  await migrate(store.db);
  await installSystemData(store.db, { baseUrl: 'http://localhost' });
  await installDemoData(store.db);
  const tenant = await store.db
    .selectFrom('tenant')
    .select('id')
    .where('title', '=', 'Demo Tenant')
    .executeTakeFirstOrThrow();
  const profile = await store.db
    .selectFrom('deviceProfile')
    .select('id')
    .where('tenantId', '=', tenant.id)
    .where('isDefault', '=', true)
    .executeTakeFirstOrThrow();
  return {
    ...store,
    tenantId: tenant.id,
    profileId: profile.id,
    close: async () => {
      await store.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
