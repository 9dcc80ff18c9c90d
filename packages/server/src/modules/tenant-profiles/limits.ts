import type { DefaultTenantProfileConfiguration } from '@meridian/common';
import { isUnlimited } from '@meridian/common';
import { sql } from 'kysely';
import type { Db } from '../../db/store.js';
import { badRequest } from '../../http/api-error.js';

/** Entity kinds whose number per tenant a tenant profile can cap. */
export type LimitedEntityKind = 'DEVICE' | 'ASSET' | 'CUSTOMER' | 'USER' | 'DASHBOARD' | 'RULE_CHAIN';

interface LimitSpec {
  /** Key in the tenant profile's `profileData.configuration`. */
  key: keyof DefaultTenantProfileConfiguration;
  /** SQL table holding the entities (every one has a `tenant_id` column). */
  table: string;
  /** Plural noun of the reference message. */
  plural: string;
}

const LIMITS: Record<LimitedEntityKind, LimitSpec> = {
  DEVICE: { key: 'maxDevices', table: 'device', plural: 'devices' },
  ASSET: { key: 'maxAssets', table: 'asset', plural: 'assets' },
  CUSTOMER: { key: 'maxCustomers', table: 'customer', plural: 'customers' },
  USER: { key: 'maxUsers', table: 'tb_user', plural: 'users' },
  DASHBOARD: { key: 'maxDashboards', table: 'dashboard', plural: 'dashboards' },
  RULE_CHAIN: { key: 'maxRuleChains', table: 'rule_chain', plural: 'rule chains' },
};

/** The reference's DataValidationException text when a tenant-profile entity limit is reached. */
export function entityLimitMessage(kind: LimitedEntityKind, limit: number): string {
  return `Can't create more then ${limit} ${LIMITS[kind].plural}!`;
}

/** The configured cap of `kind` for a tenant; undefined when unlimited (0, null or absent). */
export function entityLimit(db: Db, tenantId: string, kind: LimitedEntityKind): Promise<number | undefined> {
  return tenantProfileLimit(db, tenantId, LIMITS[kind].key);
}

/** A numeric limit of the tenant's profile configuration; undefined when unlimited (0, null or absent). */
export async function tenantProfileLimit(
  db: Db,
  tenantId: string,
  key: keyof DefaultTenantProfileConfiguration,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('tenant')
    .innerJoin('tenantProfile', 'tenantProfile.id', 'tenant.tenantProfileId')
    .select('tenantProfile.profileData')
    .where('tenant.id', '=', tenantId)
    .executeTakeFirst();
  const configuration = (row?.profileData as { configuration?: Record<string, unknown> } | null | undefined)
    ?.configuration;
  const value = configuration?.[key];
  if (typeof value !== 'number' || !Number.isFinite(value) || isUnlimited(value) || value < 0) {
    return undefined;
  }
  return Math.floor(value);
}

/**
 * Throws a 400 (code 31, the reference's "Can't create more then N devices!") when the tenant
 * already holds as many entities of `kind` as its tenant profile allows. 0 / null means unlimited.
 * Call it before inserting a new entity (not on updates).
 */
export async function assertEntityLimit(
  db: Db,
  tenantId: string,
  kind: 'DEVICE' | 'ASSET' | 'CUSTOMER' | 'USER' | 'DASHBOARD' | 'RULE_CHAIN',
): Promise<void> {
  const limit = await entityLimit(db, tenantId, kind);
  if (limit === undefined) {
    return;
  }
  const { table } = LIMITS[kind];
  // A table that does not exist yet (a module not installed) holds no entities.
  const exists = await sql<{ reg: string | null }>`select to_regclass(${table})::text as reg`.execute(db);
  if (!exists.rows[0]?.reg) {
    return;
  }
  const counted = await sql<{ count: string | number }>`
    select count(*) as count from ${sql.table(table)} where tenant_id = ${tenantId}
  `.execute(db);
  const count = Number(counted.rows[0]?.count ?? 0);
  if (count >= limit) {
    throw badRequest(entityLimitMessage(kind, limit));
  }
}
