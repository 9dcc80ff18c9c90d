import { Migrator, sql } from 'kysely';
import { v1 as uuidv1 } from 'uuid';
import { expect, it } from 'vitest';
import { migrations } from '../src/db/migrations/index.js';
import { migrate } from '../src/db/store.js';
import { ROOT_RULE_CHAIN } from '../src/install/root-rule-chain.js';
import { RuleChainsRepo } from '../src/modules/rule-chains/repo.js';
import { storePerFile } from './helper.js';

const opened = storePerFile();

it('migration 0011 gives every tenant of an older store its root chain and clears dangling profile chains', async () => {
  const migrator = new Migrator({
    db: opened.current().db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'schema_migration',
  });
  expect((await migrator.migrateTo('0010-widgets')).error).toBeUndefined();
  const profileId = uuidv1();
  await sql`insert into tenant_profile (id, created_time, name, is_default, profile_data)
    values (${profileId}, 0, 'Default', true, '{}')`.execute(opened.current().db);
  const tenantIds = [uuidv1(), uuidv1()];
  for (const tenantId of tenantIds) {
    await sql`insert into tenant (id, created_time, tenant_profile_id, title)
      values (${tenantId}, 0, ${profileId}, ${`Tenant ${tenantId}`})`.execute(opened.current().db);
  }
  await sql`insert into device_profile (id, created_time, tenant_id, name, type, transport_type,
      provision_type, profile_data, is_default, default_rule_chain_id)
    values (${uuidv1()}, 0, ${tenantIds[0]}, 'default', 'DEFAULT', 'DEFAULT', 'DISABLED', '{}', true, ${uuidv1()})`.execute(
    opened.current().db,
  );

  await migrate(opened.current().db);

  const repo = new RuleChainsRepo(opened.current().db);
  for (const tenantId of tenantIds) {
    const chains = await opened
      .current()
      .db.selectFrom('ruleChain')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .execute();
    expect(chains).toHaveLength(1);
    const rootId = await repo.rootChainId(tenantId);
    expect(rootId).toBe(chains[0]?.id);
    const loaded = await repo.loadChain(rootId ?? '');
    expect(loaded?.chain).toMatchObject({ name: 'Root Rule Chain', type: 'CORE', root: true });
    expect(loaded?.nodes.map((node) => [node.type, node.name, node.configuration])).toEqual(
      ROOT_RULE_CHAIN.nodes.map((node) => [node.type, node.name, node.configuration]),
    );
    expect(loaded?.chain.firstRuleNodeId).toBe(loaded?.nodes[6]?.id);
    expect(loaded?.connections).toHaveLength(6);
  }
  const profile = await opened
    .current()
    .db.selectFrom('deviceProfile')
    .select('defaultRuleChainId')
    .executeTakeFirstOrThrow();
  expect(profile.defaultRuleChainId).toBeNull();
});
