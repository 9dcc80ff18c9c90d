import { type Kysely, sql } from 'kysely';

/**
 * State a rule node keeps per entity across restarts (reference `rule_node_state`): the device
 * profile node's alarm rule counts when `persistAlarmRulesState` is on. It goes with its node.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rule_node_state (
      rule_node_id uuid not null references rule_node(id) on delete cascade,
      entity_type varchar(32) not null,
      entity_id uuid not null,
      created_time bigint not null,
      state_data jsonb not null,
      primary key (rule_node_id, entity_id)
    );
  `.execute(db);
}
