import { randomBytes } from 'node:crypto';
import { v1 as uuidv1 } from 'uuid';
import { hashPassword, randomAlphanumeric } from '../src/auth/passwords.js';
import type { Db } from '../src/db/store.js';
import { createRootRuleChain } from '../src/install/root-rule-chain.js';
import { createDefaultDeviceProfile } from '../src/modules/device-profiles/default-profile.js';

/**
 * Seeds what the API cannot create yet, straight into the store, in the shape the install writes
 * (uuid v1 ids, JSON columns as JSON text, "no owner" as SQL NULL).
 */

const suffix = () => randomBytes(4).toString('hex');

export interface TenantRef {
  id: string;
  title: string;
}

export async function newTenant(db: Db, title = `Tenant ${suffix()}`): Promise<TenantRef> {
  const profile = await db
    .selectFrom('tenantProfile')
    .select('id')
    .where('isDefault', '=', true)
    .executeTakeFirstOrThrow();
  const id = uuidv1();
  await db
    .insertInto('tenant')
    .values({
      id,
      createdTime: Date.now(),
      tenantProfileId: profile.id,
      title,
      region: 'Global',
      additionalInfo: '{}',
    })
    .execute();
  await createDefaultDeviceProfile(db, id);
  await createRootRuleChain(db, id);
  return { id, title };
}

export interface CustomerRef {
  id: string;
  tenantId: string;
  title: string;
}

export async function newCustomer(
  db: Db,
  tenantId: string,
  title = `Customer ${suffix()}`,
  options: { isPublic?: boolean } = {},
): Promise<CustomerRef> {
  const id = uuidv1();
  await db
    .insertInto('customer')
    .values({
      id,
      createdTime: Date.now(),
      tenantId,
      title,
      additionalInfo: JSON.stringify(options.isPublic ? { isPublic: true } : {}),
    })
    .execute();
  return { id, tenantId, title };
}

export interface NewUser {
  authority: 'SYS_ADMIN' | 'TENANT_ADMIN' | 'CUSTOMER_USER';
  tenantId?: string | null;
  customerId?: string | null;
  email?: string;
  /** Default 'Passw0rd!', which meets every policy the tests set. Ignored when not enabled. */
  password?: string;
  /** Default true. A disabled user has no password and a pending activation token. */
  enabled?: boolean;
  firstName?: string | null;
  additionalInfo?: Record<string, unknown>;
}

export interface UserRef {
  id: string;
  email: string;
  password: string;
  authority: string;
  tenantId: string | null;
  customerId: string | null;
  activateToken: string | null;
}

export const DEFAULT_PASSWORD = 'Passw0rd!';

export async function newUser(db: Db, user: NewUser): Promise<UserRef> {
  const id = uuidv1();
  const now = Date.now();
  const enabled = user.enabled ?? true;
  const email = user.email ?? `${user.authority.toLowerCase().replace('_', '-')}-${suffix()}@example.test`;
  const password = user.password ?? DEFAULT_PASSWORD;
  const activateToken = enabled ? null : randomAlphanumeric(30);
  const tenantId = user.tenantId ?? null;
  const customerId = user.customerId ?? null;
  await db
    .insertInto('tbUser')
    .values({
      id,
      createdTime: now,
      tenantId,
      customerId,
      authority: user.authority,
      email,
      firstName: user.firstName ?? null,
      lastName: null,
      additionalInfo: JSON.stringify(user.additionalInfo ?? {}),
    })
    .execute();
  await db
    .insertInto('userCredentials')
    .values({
      id: uuidv1(),
      createdTime: now,
      userId: id,
      enabled,
      password: enabled ? await hashPassword(password) : null,
      activateToken,
      passwordChangedTs: enabled ? now : null,
    })
    .execute();
  return { id, email, password, authority: user.authority, tenantId, customerId, activateToken };
}

export async function newDashboard(
  db: Db,
  tenantId: string,
  title: string,
  assignedCustomers: { id: string; title: string }[] = [],
): Promise<{ id: string; title: string }> {
  const id = uuidv1();
  await db
    .insertInto('dashboard')
    .values({
      id,
      createdTime: Date.now(),
      tenantId,
      title,
      image: null,
      configuration: JSON.stringify({ widgets: {}, states: {} }),
      assignedCustomers: JSON.stringify(
        assignedCustomers.map((c) => ({
          customerId: { entityType: 'CUSTOMER', id: c.id },
          title: c.title,
          public: false,
        })),
      ),
      mobileHide: false,
      mobileOrder: null,
    })
    .execute();
  return { id, title };
}

export interface EntityRef {
  entityType: string;
  id: string;
}

/** A device of the tenant, in the given profile (default: the tenant's default profile). */
export async function newDevice(
  db: Db,
  tenantId: string,
  name: string,
  options: { customerId?: string | null; profileId?: string; label?: string | null } = {},
): Promise<EntityRef> {
  const profileId =
    options.profileId ??
    (
      await db
        .selectFrom('deviceProfile')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('isDefault', '=', true)
        .executeTakeFirstOrThrow()
    ).id;
  const id = uuidv1();
  await db
    .insertInto('device')
    .values({
      id,
      createdTime: Date.now(),
      tenantId,
      customerId: options.customerId ?? null,
      deviceProfileId: profileId,
      name,
      type: 'default',
      label: options.label ?? null,
      deviceData: '{}',
      additionalInfo: '{}',
      firmwareId: null,
      softwareId: null,
    })
    .execute();
  return { entityType: 'DEVICE', id };
}

/** An asset of the tenant (of a customer when given). */
export async function newAsset(
  db: Db,
  tenantId: string,
  name: string,
  customerId: string | null = null,
): Promise<EntityRef> {
  const id = uuidv1();
  await db
    .insertInto('asset')
    .values({
      id,
      createdTime: Date.now(),
      tenantId,
      customerId,
      name,
      type: 'building',
      label: null,
      additionalInfo: '{}',
    })
    .execute();
  return { entityType: 'ASSET', id };
}
