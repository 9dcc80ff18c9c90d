import { DEFAULT_GENERAL_SETTINGS, DEFAULT_MAIL_SETTINGS } from '@meridian/common';
import { v1 as uuidv1 } from 'uuid';
import { hashPassword } from '../auth/passwords.js';
import type { Db } from '../db/store.js';
import { AdminSettingsRepo } from '../modules/admin/repo.js';

export const SYSADMIN_EMAIL = 'sysadmin@meridian.local';
/** The password the system administrator is installed with (README: change it after the first sign-in). */
export const SYSADMIN_PASSWORD = 'sysadmin';

const TENANT_PROFILES = [
  { name: 'Default', description: 'Default tenant profile', isDefault: true, core: false, ruleEngine: false },
  {
    name: 'Isolated TB Core',
    description: 'Isolated TB Core tenant profile',
    isDefault: false,
    core: true,
    ruleEngine: false,
  },
  {
    name: 'Isolated TB Rule Engine',
    description: 'Isolated TB Rule Engine tenant profile',
    isDefault: false,
    core: false,
    ruleEngine: true,
  },
  {
    name: 'Isolated TB Core and TB Rule Engine',
    description: 'Isolated TB Core and TB Rule Engine tenant profile',
    isDefault: false,
    core: true,
    ruleEngine: true,
  },
];

/** True once the system data exists; the install runs only on an empty store. */
export async function isInstalled(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('tbUser')
    .select('id')
    .where('authority', '=', 'SYS_ADMIN')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Installs the system data of a fresh store in one transaction (reference §7.2): the system
 * administrator, the tenant profiles, and the general and mail settings.
 */
export async function installSystemData(db: Db, options: { baseUrl: string }): Promise<void> {
  const now = Date.now();
  const password = await hashPassword(SYSADMIN_PASSWORD);
  await db.transaction().execute(async (trx) => {
    const userId = uuidv1();
    await trx
      .insertInto('tbUser')
      .values({
        id: userId,
        createdTime: now,
        authority: 'SYS_ADMIN',
        email: SYSADMIN_EMAIL,
        additionalInfo: '{}',
      })
      .execute();
    await trx
      .insertInto('userCredentials')
      .values({ id: uuidv1(), createdTime: now, userId, enabled: true, password, passwordChangedTs: now })
      .execute();
    for (const profile of TENANT_PROFILES) {
      await trx
        .insertInto('tenantProfile')
        .values({
          id: uuidv1(),
          createdTime: now,
          name: profile.name,
          description: profile.description,
          isDefault: profile.isDefault,
          isolatedTbCore: profile.core,
          isolatedTbRuleEngine: profile.ruleEngine,
          profileData: JSON.stringify({ configuration: { type: 'DEFAULT' } }),
        })
        .execute();
    }
    const settings = new AdminSettingsRepo(trx);
    await settings.save('general', { ...DEFAULT_GENERAL_SETTINGS, baseUrl: options.baseUrl }, trx);
    await settings.save(
      'mail',
      { ...DEFAULT_MAIL_SETTINGS, mailFrom: 'Meridian <sysadmin@localhost.localdomain>' },
      trx,
    );
  });
}
