import type {
  ComponentType,
  ConfigSchema,
  EntityId,
  JsonObject,
  JsonValue,
  KvEntry,
  RuleChainType,
  TsEntries,
} from '@meridian/common';
import type { Db } from '../db/store.js';
import type { AdminService } from '../modules/admin/service.js';
import type { AlarmRulesProcessor } from '../modules/alarm-rules/processor.js';
import type { AlarmLifecycle } from '../modules/alarms/lifecycle.js';
import type { ApiUsageService } from '../modules/api-usage/service.js';
import type { DeviceEvents } from '../modules/devices/device-events.js';
import type { PersistentRpcs, RpcDispatcher } from '../modules/rpc/dispatcher.js';
import type { RestRpcRequests } from '../modules/rpc/rest-requests.js';
import type { TelemetryService } from '../telemetry/service.js';
import type { RuleMsg } from './message.js';
import type { ScriptEngine } from './script/engine.js';

/**
 * The contract between the rule engine and its nodes. A node gets a message and answers where it
 * goes next: one or more outputs, each a message and the relation types it leaves by. Throwing
 * sends the message to Failure with the error in its metadata. Nodes never see queues, chains or
 * acknowledgements: the engine does that.
 */
export interface NodeOutput {
  msg: RuleMsg;
  relations: readonly string[];
}

/**
 * What `onMsg` answers: outputs; or `CONSUMED` when the node took the message out of the flow
 * (the reference's `ctx.ack`: the delay node keeps it and re-emits it later with
 * `enqueueForTellNext`, the output node returns it to the calling chain).
 */
export type NodeResult = NodeOutput | readonly NodeOutput[] | typeof CONSUMED;
export const CONSUMED = Symbol('consumed');

/** A running node instance of a chain. */
export interface RuleNode {
  onMsg(msg: RuleMsg): NodeResult | Promise<NodeResult>;
  /** Frees timers, clients and scripts when the chain is changed or stopped. */
  destroy?(): void | Promise<void>;
}

/** Where a node instance lives. */
export interface RuleNodeSelf {
  id: string;
  name: string;
  ruleChainId: string;
  tenantId: string;
}

export interface RuleEngineLog {
  info(obj: object, message: string): void;
  warn(obj: object, message: string): void;
  error(obj: object, message: string): void;
}

/** Writes the save nodes use: batched into shared transactions, resolved once committed. */
export interface RuleEngineWrites {
  saveTimeseries(
    tenantId: string,
    entityId: EntityId,
    entries: readonly TsEntries[],
    ttlSeconds: number,
  ): Promise<void>;
  saveAttributes(
    entityId: EntityId,
    scope: 'CLIENT_SCOPE' | 'SERVER_SCOPE' | 'SHARED_SCOPE',
    entries: readonly KvEntry[],
  ): Promise<void>;
}

/**
 * Platform services nodes may use. Every node reads and writes within `self.tenantId` only: a
 * node that looks an entity up by id checks that it belongs to that tenant.
 */
export interface RuleEngineServices {
  db: Db;
  telemetry: TelemetryService;
  writes: RuleEngineWrites;
  scripts: ScriptEngine;
  /** Device-profile alarm rules (the device profile node). */
  alarmRules: Pick<AlarmRulesProcessor, 'evaluate' | 'hasNoRules' | 'restoreStates'>;
  /** Server-side RPCs to devices (the RPC call request node). */
  rpc: Pick<RpcDispatcher, 'call'>;
  /** Persistent RPCs, held until their device takes them (the RPC call request node). */
  persistentRpc: Pick<PersistentRpcs, 'queuePersistent'>;
  /** REST calls waiting for their RPC's outcome (the RPC call request node reports it). */
  restRpc: Pick<RestRpcRequests, 'complete'>;
  /** Devices' own RPC requests waiting for an answer (the RPC call reply node). */
  /** Answers a device-to-server RPC; `serviceId` (the request's metadata) names the node where the device waits. */
  clientRpc: { answer(id: number, reply: unknown, serviceId?: string): void };
  log: RuleEngineLog;
  now(): number;
  /** Alarm writes of the create and clear alarm nodes (the app's AlarmLifecycle). */
  alarms: Pick<AlarmLifecycle, 'createOrUpdateActive' | 'update' | 'clear'>;
  /** Told when a node changes a device's customer, so its sessions re-read it (the app's DeviceEvents). */
  deviceEvents: Pick<DeviceEvents, 'emit'>;
  /** This server's id (the reference's service id); the message count node names its key after it. */
  serviceId: string;
  /** The system's outgoing-mail settings, for the send email node (the app's AdminService). */
  mail: Pick<AdminService, 'mailSettings'>;
  /** The system's SMS provider settings, for the send sms node (the app's AdminService). */
  sms: Pick<AdminService, 'smsSettings'>;
  /**
   * The tenants' monthly API usage (the app's ApiUsageService): the send email and send sms nodes
   * count what they send and refuse once the tenant profile's limit is reached.
   */
  usage: Pick<ApiUsageService, 'enabled' | 'report'>;
}

/** What a node gets when it is created. */
export interface RuleNodeContext {
  self: RuleNodeSelf;
  services: RuleEngineServices;
  /**
   * Sends a message out of this node later, on its own: it enters the chain at this node's
   * outputs as a new message of its queue (delay, generator, message count).
   */
  enqueueForTellNext(msg: RuleMsg, relations: string | readonly string[]): void;
  /** Runs `task` after `delayMs`; cancelled when the node is destroyed. */
  schedule(delayMs: number, task: () => void): void;
}

/** Invalid node configuration; the message names what is wrong (shown when the chain is saved). */
export class RuleNodeConfigError extends Error {}

/**
 * One node implementation, as the component descriptors describe it (reference §6.4). `clazz` is
 * the reference's fully qualified class name, which chains store in `rule_node.type`.
 */
export interface RuleNodeDefinition<C = JsonObject> {
  clazz: string;
  type: ComponentType;
  name: string;
  /** One line, and the longer text the node library shows. */
  description: string;
  details: string;
  /** Output relation types besides Failure. */
  relationTypes: readonly string[];
  /** True when scripts or configuration name further relation types (switch, rule chain node). */
  customRelations?: boolean;
  /** False for nodes with no input (generator). */
  inEnabled?: boolean;
  /** False for nodes with no output (output node). */
  outEnabled?: boolean;
  /** Chain types the node may be used in (the reference annotation's `ruleChainTypes`); both when absent. */
  ruleChainTypes?: readonly RuleChainType[];
  /** Material icon name the node library shows (the annotation's `icon`); the category's when absent. */
  icon?: string;
  /** The console form to use (`configDirective` of the reference). */
  configDirective: string;
  /** The configuration a new node starts with. */
  defaultConfiguration: JsonObject;
  /**
   * JSON schema of the configuration (the console's form and the save check read it). Its property
   * defaults are filled from `defaultConfiguration` by `defineNode`.
   */
  configurationSchema: ConfigSchema;
  /**
   * Reads a stored configuration leniently, as the reference's Jackson binding does (numbers as
   * strings, missing keys take defaults), and refuses what cannot work with RuleNodeConfigError.
   */
  configure(raw: JsonObject): C;
  create(config: C, ctx: RuleNodeContext): RuleNode | Promise<RuleNode>;
}

/**
 * Erases a definition's configuration type for the registry, and gives its schema the defaults of
 * `defaultConfiguration` (one source for both, so they cannot drift apart).
 */
export function defineNode<C>(definition: RuleNodeDefinition<C>): RuleNodeDefinition<unknown> {
  const schema = definition.configurationSchema;
  const defaults = definition.defaultConfiguration;
  const properties: Record<string, ConfigSchema> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    properties[key] = key in defaults ? { ...property, default: defaults[key] } : property;
  }
  return {
    ...definition,
    configurationSchema: { ...schema, type: 'object', properties, default: defaults },
  } as RuleNodeDefinition<unknown>;
}

export type { JsonValue };
