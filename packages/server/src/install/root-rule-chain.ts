import type { JsonObject, NodeConnectionInfo, RuleChainType } from '@meridian/common';
import { ROOT_RULE_CHAIN_NAME } from '@meridian/common';
import { type QueryExecutorProvider, sql } from 'kysely';
import { v1 as uuidv1 } from 'uuid';

/**
 * The rule chains the platform creates on its own (reference §6.1): every tenant's root chain
 * (`tenant/rule_chains/root_rule_chain.json`) and the device-profile template
 * (`tenant/device_profile/rule_chain_template.json`, `POST /api/ruleChain/device/default`).
 */

/** A node of a chain template: what RuleChainMetaData carries for a node without ids. */
export interface TemplateNode {
  type: string;
  name: string;
  debugMode: boolean;
  configuration: JsonObject;
  additionalInfo: JsonObject | null;
}

export interface RuleChainTemplate {
  name: string;
  type: RuleChainType;
  root: boolean;
  firstNodeIndex: number;
  nodes: readonly TemplateNode[];
  connections: readonly NodeConnectionInfo[];
}

const LOG_SCRIPT =
  "return '\\nIncoming message:\\n' + JSON.stringify(msg) + '\\nIncoming metadata:\\n' + JSON.stringify(metadata);";

const node = (
  type: string,
  name: string,
  configuration: JsonObject,
  additionalInfo: JsonObject,
): TemplateNode => ({
  type: `org.thingsboard.rule.engine.${type}`,
  name,
  debugMode: false,
  configuration,
  additionalInfo,
});

/** The seven nodes both templates share; they differ only in the attributes node's configuration. */
function standardNodes(attributesConfiguration: JsonObject): TemplateNode[] {
  return [
    node(
      'telemetry.TbMsgTimeseriesNode',
      'Save Timeseries',
      { defaultTTL: 0 },
      { layoutX: 824, layoutY: 156 },
    ),
    node('telemetry.TbMsgAttributesNode', 'Save Client Attributes', attributesConfiguration, {
      layoutX: 825,
      layoutY: 52,
    }),
    node('filter.TbMsgTypeSwitchNode', 'Message Type Switch', { version: 0 }, { layoutX: 347, layoutY: 149 }),
    node('action.TbLogNode', 'Log RPC from Device', { jsScript: LOG_SCRIPT }, { layoutX: 825, layoutY: 266 }),
    node('action.TbLogNode', 'Log Other', { jsScript: LOG_SCRIPT }, { layoutX: 825, layoutY: 379 }),
    node(
      'rpc.TbSendRPCRequestNode',
      'RPC Call Request',
      { timeoutInSeconds: 60 },
      { layoutX: 825, layoutY: 468 },
    ),
    node(
      'profile.TbDeviceProfileNode',
      'Device Profile Node',
      { persistAlarmRulesState: false, fetchAlarmRulesStateOnStart: false },
      {
        description:
          'Process incoming messages from devices with the alarm rules defined in the device profile. Dispatch all incoming messages with "Success" relation type.',
        layoutX: 204,
        layoutY: 240,
      },
    ),
  ];
}

const STANDARD_CONNECTIONS: readonly NodeConnectionInfo[] = [
  { fromIndex: 6, toIndex: 2, type: 'Success' },
  { fromIndex: 2, toIndex: 4, type: 'Other' },
  { fromIndex: 2, toIndex: 1, type: 'Post attributes' },
  { fromIndex: 2, toIndex: 0, type: 'Post telemetry' },
  { fromIndex: 2, toIndex: 3, type: 'RPC Request from Device' },
  { fromIndex: 2, toIndex: 5, type: 'RPC Request to Device' },
];

/** The root chain every tenant gets (reference `root_rule_chain.json`). */
export const ROOT_RULE_CHAIN: RuleChainTemplate = {
  name: ROOT_RULE_CHAIN_NAME,
  type: 'CORE',
  root: true,
  firstNodeIndex: 6,
  nodes: standardNodes({ scope: 'CLIENT_SCOPE', notifyDevice: 'false' }),
  connections: STANDARD_CONNECTIONS,
};

/** The chain a device profile gets of its own; named by the caller (reference `rule_chain_template.json`). */
export function deviceProfileRuleChain(name: string): RuleChainTemplate {
  return {
    name,
    type: 'CORE',
    root: false,
    firstNodeIndex: 6,
    nodes: standardNodes({ scope: 'CLIENT_SCOPE' }),
    connections: STANDARD_CONNECTIONS,
  };
}

/** Anything that runs SQL: a Kysely instance or transaction of any schema (migrations have none). */
type SqlExecutor = QueryExecutorProvider;

/**
 * Writes a template as a new chain of the tenant and returns its id. Plain SQL, so migration 0011
 * can use it on a store whose schema types it does not know; pass the transaction the tenant is
 * created in. Connections are stored by node id on the chain (see migration 0011).
 */
export async function insertRuleChainFromTemplate(
  db: SqlExecutor,
  tenantId: string,
  template: RuleChainTemplate,
  now = Date.now(),
): Promise<string> {
  const chainId = uuidv1();
  const nodeIds = template.nodes.map(() => uuidv1());
  const connections = template.connections.map((c) => ({
    fromId: nodeIds[c.fromIndex],
    toId: nodeIds[c.toIndex],
    type: c.type,
  }));
  await sql`
    insert into rule_chain (id, created_time, tenant_id, name, type, first_rule_node_id, root, debug_mode,
      configuration, additional_info, connections, rule_chain_connections)
    values (${chainId}, ${now}, ${tenantId}, ${template.name}, ${template.type},
      ${nodeIds[template.firstNodeIndex] ?? null}, ${template.root}, false, null, null,
      ${JSON.stringify(connections)}::jsonb, null)
  `.execute(db);
  for (const [index, spec] of template.nodes.entries()) {
    await sql`
      insert into rule_node (id, created_time, rule_chain_id, node_index, type, name, debug_mode,
        configuration, additional_info)
      values (${nodeIds[index]}, ${now}, ${chainId}, ${index}, ${spec.type}, ${spec.name}, ${spec.debugMode},
        ${JSON.stringify(spec.configuration)}::jsonb, ${spec.additionalInfo === null ? null : JSON.stringify(spec.additionalInfo)}::jsonb)
    `.execute(db);
  }
  return chainId;
}

/** The root chain of a new tenant (reference §7.2 "Per new tenant"); pass the creating transaction. */
export function createRootRuleChain(db: SqlExecutor, tenantId: string): Promise<string> {
  return insertRuleChainFromTemplate(db, tenantId, ROOT_RULE_CHAIN);
}
