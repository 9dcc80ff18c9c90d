import { sql } from 'kysely';
import type { ApiUsageStateTable } from '../../db/schema.js';
import type { Db } from '../../db/store.js';

export type UsageStateRow = ApiUsageStateTable;
export type FeatureColumn =
  | 'transport'
  | 'dbStorage'
  | 'reExec'
  | 'jsExec'
  | 'emailExec'
  | 'smsExec'
  | 'alarmExec';

/** The `api_usage_state` rows and the tenant profile limits they are judged by. */
export class UsageStateRepo {
  constructor(private readonly db: Db) {}

  all(): Promise<UsageStateRow[]> {
    return this.db.selectFrom('apiUsageState').selectAll().execute();
  }

  async insert(row: UsageStateRow): Promise<void> {
    await this.db
      .insertInto('apiUsageState')
      .values(row)
      .onConflict((conflict) => conflict.columns(['tenantId', 'entityId']).doNothing())
      .execute();
  }

  /** Rows for tenants that have none (tenants made before the table, or by install data). */
  async insertMissing(now: number): Promise<void> {
    await sql`
      insert into api_usage_state (id, created_time, tenant_id, entity_type, entity_id)
      select gen_random_uuid(), ${now}, t.id, 'TENANT', t.id from tenant t
      where not exists (select 1 from api_usage_state s where s.tenant_id = t.id and s.entity_id = t.id)
    `.execute(this.db);
  }

  async updateStates(id: string, states: Partial<Record<FeatureColumn, string>>): Promise<void> {
    await this.db.updateTable('apiUsageState').set(states).where('id', '=', id).execute();
  }

  /** The profile configuration of every tenant (or of one), by tenant id. */
  async limits(tenantId?: string): Promise<Map<string, Record<string, unknown>>> {
    let query = this.db
      .selectFrom('tenant')
      .innerJoin('tenantProfile', 'tenantProfile.id', 'tenant.tenantProfileId')
      .select(['tenant.id as tenantId', 'tenantProfile.profileData']);
    if (tenantId) query = query.where('tenant.id', '=', tenantId);
    const rows = await query.execute();
    const limits = new Map<string, Record<string, unknown>>();
    for (const row of rows) {
      const configuration = (row.profileData as { configuration?: Record<string, unknown> } | null)
        ?.configuration;
      limits.set(row.tenantId, configuration ?? {});
    }
    return limits;
  }
}
