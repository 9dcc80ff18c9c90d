import type { ConfigSchema } from './config-schema.js';
import type { ComponentDescriptorId, RuleChainId, RuleNodeId, TenantId } from './entity-ids.js';
import type { JsonObject, JsonValue } from './json.js';
import { ownValue } from './json.js';

/**
 * Rule chains, rule nodes and message types (spec 2 §3 "Rule nodes and chains"; reference §1.5, §6).
 */

/** Rule node categories: the six component types plus the editor's INPUT node and UNKNOWN nodes. */
export const RULE_NODE_TYPES = [
  'FILTER',
  'ENRICHMENT',
  'TRANSFORMATION',
  'ACTION',
  'EXTERNAL',
  'FLOW',
  'INPUT',
  'UNKNOWN',
] as const;
export type RuleNodeType = (typeof RULE_NODE_TYPES)[number];

/** Component types the server describes (`/api/components/{type}`). */
export const COMPONENT_TYPES = [
  'ENRICHMENT',
  'FILTER',
  'TRANSFORMATION',
  'ACTION',
  'EXTERNAL',
  'FLOW',
] as const satisfies readonly RuleNodeType[];
export type ComponentType = (typeof COMPONENT_TYPES)[number];

export const COMPONENT_SCOPES = ['SYSTEM', 'TENANT'] as const;
export type ComponentScope = (typeof COMPONENT_SCOPES)[number];

export const RULE_CHAIN_TYPES = ['CORE', 'EDGE'] as const;
export type RuleChainType = (typeof RULE_CHAIN_TYPES)[number];

/** Platform services (used e.g. by `GET /api/tenant/queues?serviceType=`). */
export const SERVICE_TYPES = ['TB_CORE', 'TB_RULE_ENGINE', 'TB_TRANSPORT', 'JS_EXECUTOR'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** Rule-engine queues every tenant has. */
export const DEFAULT_QUEUE_NAMES = ['Main', 'HighPriority', 'SequentialByOriginator'] as const;
export const MAIN_QUEUE_NAME = 'Main';

/** Data types of a message payload (spec 2 "Content types"). */
export const CONTENT_TYPES = ['JSON', 'TEXT', 'BINARY'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** Message types the platform itself produces (reference §6.2). Scripts may produce others. */
export const MESSAGE_TYPES = [
  'POST_TELEMETRY_REQUEST',
  'POST_ATTRIBUTES_REQUEST',
  'TO_SERVER_RPC_REQUEST',
  'RPC_CALL_FROM_SERVER_TO_DEVICE',
  'CONNECT_EVENT',
  'DISCONNECT_EVENT',
  'ACTIVITY_EVENT',
  'INACTIVITY_EVENT',
  'ENTITY_CREATED',
  'ENTITY_UPDATED',
  'ENTITY_DELETED',
  'ENTITY_ASSIGNED',
  'ENTITY_UNASSIGNED',
  'ATTRIBUTES_UPDATED',
  'ATTRIBUTES_DELETED',
  'TIMESERIES_UPDATED',
  'TIMESERIES_DELETED',
  'ALARM',
  'ALARM_ACK',
  'ALARM_CLEAR',
  'ALARM_DELETE',
  'ENTITY_ASSIGNED_FROM_TENANT',
  'ENTITY_ASSIGNED_TO_TENANT',
  'PROVISION_SUCCESS',
  'PROVISION_FAILURE',
  'ENTITY_ASSIGNED_TO_EDGE',
  'ENTITY_UNASSIGNED_FROM_EDGE',
  'RPC_QUEUED',
  'RPC_SENT',
  'RPC_DELIVERED',
  'RPC_SUCCESSFUL',
  'RPC_TIMEOUT',
  'RPC_EXPIRED',
  'RPC_FAILED',
  'RPC_DELETED',
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Message types the console offers in pickers (spec 2 §3 "Message types"). */
export const CONSOLE_MESSAGE_TYPES = [
  'POST_ATTRIBUTES_REQUEST',
  'POST_TELEMETRY_REQUEST',
  'TO_SERVER_RPC_REQUEST',
  'RPC_CALL_FROM_SERVER_TO_DEVICE',
  'ACTIVITY_EVENT',
  'INACTIVITY_EVENT',
  'CONNECT_EVENT',
  'DISCONNECT_EVENT',
  'ENTITY_CREATED',
  'ENTITY_UPDATED',
  'ENTITY_DELETED',
  'ENTITY_ASSIGNED',
  'ENTITY_UNASSIGNED',
  'ATTRIBUTES_UPDATED',
  'ATTRIBUTES_DELETED',
  'TIMESERIES_UPDATED',
  'TIMESERIES_DELETED',
  'RPC_QUEUED',
  'RPC_DELIVERED',
  'RPC_SUCCESSFUL',
  'RPC_TIMEOUT',
  'RPC_FAILED',
] as const satisfies readonly MessageType[];

/** Relation labels of the message type switch node per message type (reference §6.2). */
export const MESSAGE_TYPE_SWITCH_RELATIONS: Readonly<Partial<Record<MessageType, string>>> = {
  POST_ATTRIBUTES_REQUEST: 'Post attributes',
  POST_TELEMETRY_REQUEST: 'Post telemetry',
  TO_SERVER_RPC_REQUEST: 'RPC Request from Device',
  RPC_CALL_FROM_SERVER_TO_DEVICE: 'RPC Request to Device',
  ACTIVITY_EVENT: 'Activity Event',
  INACTIVITY_EVENT: 'Inactivity Event',
  CONNECT_EVENT: 'Connect Event',
  DISCONNECT_EVENT: 'Disconnect Event',
  ENTITY_CREATED: 'Entity Created',
  ENTITY_UPDATED: 'Entity Updated',
  ENTITY_DELETED: 'Entity Deleted',
  ENTITY_ASSIGNED: 'Entity Assigned',
  ENTITY_UNASSIGNED: 'Entity Unassigned',
  ATTRIBUTES_UPDATED: 'Attributes Updated',
  ATTRIBUTES_DELETED: 'Attributes Deleted',
  ALARM_ACK: 'Alarm Acknowledged',
  ALARM_CLEAR: 'Alarm Cleared',
  ENTITY_ASSIGNED_FROM_TENANT: 'Entity Assigned From Tenant',
  ENTITY_ASSIGNED_TO_TENANT: 'Entity Assigned To Tenant',
  TIMESERIES_UPDATED: 'Timeseries Updated',
  TIMESERIES_DELETED: 'Timeseries Deleted',
  RPC_QUEUED: 'RPC Queued',
  RPC_SENT: 'RPC Sent',
  RPC_DELIVERED: 'RPC Delivered',
  RPC_SUCCESSFUL: 'RPC Successful',
  RPC_TIMEOUT: 'RPC Timeout',
  RPC_EXPIRED: 'RPC Expired',
  RPC_FAILED: 'RPC Failed',
  RPC_DELETED: 'RPC Deleted',
};

/** Standard relation labels between rule nodes. */
export const SUCCESS_RELATION = 'Success';
export const FAILURE_RELATION = 'Failure';
export const OTHER_RELATION = 'Other';

/** Relation the message type switch node routes a message of `type` to; `Other` for unknown types. */
export function messageTypeSwitchRelation(type: string): string {
  return ownValue(MESSAGE_TYPE_SWITCH_RELATIONS, type) ?? OTHER_RELATION;
}

/** A rule chain (reference §1.5 RuleChain). */
export interface RuleChain {
  id: RuleChainId;
  createdTime: number;
  tenantId: TenantId;
  name: string;
  type: RuleChainType;
  firstRuleNodeId: RuleNodeId | null;
  root: boolean;
  debugMode: boolean;
  configuration: JsonValue;
  additionalInfo: JsonObject | null;
}

/** A node of a chain; `type` is the reference's fully qualified node class name. */
export interface RuleNode {
  id?: RuleNodeId;
  createdTime?: number;
  ruleChainId?: RuleChainId;
  type: string;
  name: string;
  debugMode: boolean;
  configuration: JsonObject;
  /** Editor layout, e.g. `{"layoutX":..,"layoutY":..}`. */
  additionalInfo: JsonObject | null;
}

/** A connection between two nodes of a chain by index, labelled with a relation type. */
export interface NodeConnectionInfo {
  fromIndex: number;
  toIndex: number;
  type: string;
}

/** Legacy links from a node to another chain; usually null or empty. */
export interface RuleChainConnectionInfo {
  fromIndex: number;
  targetRuleChainId: RuleChainId;
  additionalInfo: JsonObject | null;
  type: string;
}

/** The nodes and connections of a chain (`/api/ruleChain/{id}/metadata`). */
export interface RuleChainMetaData {
  ruleChainId: RuleChainId;
  firstNodeIndex: number | null;
  nodes: RuleNode[];
  connections: NodeConnectionInfo[] | null;
  ruleChainConnections: RuleChainConnectionInfo[] | null;
}

/** A rule node implementation as `/api/components` describes it. */
export interface ComponentDescriptor {
  id: ComponentDescriptorId;
  createdTime: number;
  type: ComponentType;
  scope: ComponentScope;
  name: string;
  clazz: string;
  configurationDescriptor: JsonObject;
  actions: string | null;
}

/** Name of the root chain created for every tenant (reference §6.1). */
export const ROOT_RULE_CHAIN_NAME = 'Root Rule Chain';

/**
 * What a node class tells the editor about itself (`configurationDescriptor.nodeDefinition` of a
 * ComponentDescriptor, reference §1.3 ComponentDescriptorController). `Failure` is always among
 * the relation types.
 */
export interface RuleNodeDefinition {
  details?: string;
  description?: string;
  inEnabled?: boolean;
  outEnabled?: boolean;
  relationTypes?: string[];
  /** The node routes to relation types it is configured with (free text links). */
  customRelations?: boolean;
  /** The node forwards to another rule chain (its links are that chain's output labels). */
  ruleChainNode?: boolean;
  defaultConfiguration?: JsonObject;
  /** JSON schema of the configuration (Meridian's addition; the console builds the node form from it). */
  configurationSchema?: ConfigSchema;
  uiResources?: string[];
  configDirective?: string;
  icon?: string;
  iconUrl?: string;
  docUrl?: string;
}

/** Class name of the node that forwards messages to another rule chain (reference §6.4). */
export const RULE_CHAIN_INPUT_NODE_CLAZZ = 'org.thingsboard.rule.engine.flow.TbRuleChainInputNode';

/** Class name of the node that returns a message to the calling chain, by the node's name (§6.4). */
export const RULE_CHAIN_OUTPUT_NODE_CLAZZ = 'org.thingsboard.rule.engine.flow.TbRuleChainOutputNode';

/** One exported rule chain, as the console's Export writes it and Import reads it. */
export interface RuleChainExport {
  ruleChain: RuleChain;
  metadata: RuleChainMetaData;
}

/** The nodeDefinition of a descriptor, or an empty one when the descriptor has none. */
export function nodeDefinitionOf(
  descriptor: Pick<ComponentDescriptor, 'configurationDescriptor'>,
): RuleNodeDefinition {
  const definition = descriptor.configurationDescriptor?.nodeDefinition;
  return definition !== null && typeof definition === 'object' && !Array.isArray(definition)
    ? (definition as RuleNodeDefinition)
    : {};
}

/** What `POST /api/ruleChain/testScript` runs: a script of a kind against a sample message. */
export const SCRIPT_TYPES = ['update', 'generate', 'filter', 'switch', 'json', 'string'] as const;
export type ScriptType = (typeof SCRIPT_TYPES)[number];

export interface ScriptTestRequest {
  script: string;
  scriptType: ScriptType;
  argNames: string[];
  /** The sample message's data as JSON text. */
  msg: string;
  metadata: Record<string, string>;
  msgType: string;
}

export interface ScriptTestResult {
  output: string;
  error: string;
}

const NODE_CLASS = 'org.thingsboard.rule.engine.';

/**
 * The script kind and argument names of a node's script setting, as the reference's editor tests
 * it; undefined for settings that are not scripts.
 */
export function scriptKindOf(
  clazz: string,
  key: string,
): { scriptType: ScriptType; argNames: string[] } | undefined {
  const msgArgs = ['msg', 'metadata', 'msgType'];
  const kinds: Record<string, [string, ScriptType, string[]]> = {
    [`${NODE_CLASS}filter.TbJsFilterNode`]: ['jsScript', 'filter', msgArgs],
    [`${NODE_CLASS}filter.TbJsSwitchNode`]: ['jsScript', 'switch', msgArgs],
    [`${NODE_CLASS}transform.TbTransformMsgNode`]: ['jsScript', 'update', msgArgs],
    [`${NODE_CLASS}action.TbLogNode`]: ['jsScript', 'string', msgArgs],
    [`${NODE_CLASS}debug.TbMsgGeneratorNode`]: [
      'jsScript',
      'generate',
      ['prevMsg', 'prevMetadata', 'prevMsgType'],
    ],
    [`${NODE_CLASS}action.TbCreateAlarmNode`]: ['alarmDetailsBuildJs', 'json', msgArgs],
    [`${NODE_CLASS}action.TbClearAlarmNode`]: ['alarmDetailsBuildJs', 'json', msgArgs],
  };
  const kind = kinds[clazz];
  return kind && kind[0] === key ? { scriptType: kind[1], argNames: kind[2] } : undefined;
}
