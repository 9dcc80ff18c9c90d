import { type Kysely, sql } from 'kysely';
import { insertRuleChainFromTemplate, ROOT_RULE_CHAIN } from '../../install/root-rule-chain.js';

/**
 * Rule chains and their nodes (reference `rule_chain`, `rule_node`).
 *
 * - A tenant has at most one root chain of type CORE: a partial unique index.
 * - Nodes keep their position in the chain's metadata in `node_index`, so a chain reads back in
 *   the order it was saved (connections and `firstNodeIndex` address nodes by position).
 * - Connections between nodes are stored on the chain as a jsonb array `[{fromId, toId, type}]`
 *   by node id, not as RULE_NODE relations in `relation` as the reference does: a chain is always
 *   saved and read whole, a column changes with it in one statement and goes with it on delete,
 *   and the relations API does not show or edit them. The legacy `ruleChainConnections` (a node
 *   linked to another chain) are kept the same way, by node id, in `rule_chain_connections`.
 * - A device profile's default chain must exist; deleting a chain a profile names is refused by
 *   the foreign key (the reference's `fk_default_rule_chain_device_profile`). Profiles saved
 *   before chains existed may name a chain that never did: those references are cleared.
 * - Every tenant that exists gets the default root chain, as new tenants do.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rule_chain (
      id uuid primary key,
      created_time bigint not null,
      tenant_id uuid not null references tenant(id) on delete cascade,
      name varchar(255) not null,
      type varchar(16) not null default 'CORE' check (type in ('CORE', 'EDGE')),
      first_rule_node_id uuid,
      root boolean not null default false,
      debug_mode boolean not null default false,
      configuration jsonb,
      additional_info jsonb,
      connections jsonb not null default '[]'::jsonb,
      rule_chain_connections jsonb
    );
    create index idx_rule_chain_tenant on rule_chain (tenant_id, created_time);
    create unique index idx_rule_chain_one_root on rule_chain (tenant_id) where root and type = 'CORE';

    create table rule_node (
      id uuid primary key,
      created_time bigint not null,
      rule_chain_id uuid not null references rule_chain(id) on delete cascade,
      node_index integer not null,
      type varchar(255) not null,
      name varchar(255) not null,
      debug_mode boolean not null default false,
      configuration jsonb not null default '{}'::jsonb,
      additional_info jsonb
    );
    create index idx_rule_node_chain on rule_node (rule_chain_id, node_index);
    -- Rule chain nodes by the chain they call: output label usage, cycle checks.
    create index idx_rule_node_target_chain on rule_node ((configuration ->> 'ruleChainId'))
      where type = 'org.thingsboard.rule.engine.flow.TbRuleChainInputNode';

    update device_profile set default_rule_chain_id = null where default_rule_chain_id is not null;
    alter table device_profile add constraint fk_default_rule_chain_device_profile
      foreign key (default_rule_chain_id) references rule_chain(id);
  `.execute(db);
  const tenants = await sql<{ id: string }>`select id from tenant order by created_time`.execute(db);
  for (const tenant of tenants.rows) await insertRuleChainFromTemplate(db, tenant.id, ROOT_RULE_CHAIN);
}
