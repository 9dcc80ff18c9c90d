import type { ContentType, EntityId, KvEntry, TsEntries } from '@meridian/common';
import { type LosslessJson, parseLossless } from '../telemetry/json-lossless.js';
import { telemetryEntries } from '../telemetry/values.js';
import { messageId } from './msg-id.js';

/**
 * A rule engine message (the reference's TbMsg, §6.2). Immutable: a node that changes a message
 * passes on a changed copy, so branches of a chain never see each other's changes.
 */
export interface RuleMsg {
  readonly id: string;
  readonly ts: number;
  readonly type: string;
  readonly originator: EntityId;
  /** The originator's customer, when it has one. */
  readonly customerId: string | null;
  readonly metadata: Readonly<Record<string, string>>;
  readonly dataType: ContentType;
  /** The payload as text (JSON text when `dataType` is JSON). */
  readonly data: string;
  readonly queueName: string;
  /** The chain the message was pushed to; null for the tenant's root chain. */
  readonly ruleChainId: string | null;
}

export interface NewMsg {
  type: string;
  originator: EntityId;
  customerId?: string | null;
  metadata?: Readonly<Record<string, string>>;
  dataType?: ContentType;
  data: string;
  queueName?: string;
  ruleChainId?: string | null;
  ts?: number;
}

export const MAIN_QUEUE = 'Main';

export function newMsg(fields: NewMsg): RuleMsg {
  return {
    id: messageId(),
    ts: fields.ts ?? Date.now(),
    type: fields.type,
    originator: fields.originator,
    customerId: fields.customerId ?? null,
    metadata: fields.metadata ?? {},
    dataType: fields.dataType ?? 'JSON',
    data: fields.data,
    queueName: fields.queueName ?? MAIN_QUEUE,
    ruleChainId: fields.ruleChainId ?? null,
  };
}

/** A copy with some fields changed, keeping the id (the reference's `transformMsg`). */
export function changeMsg(
  msg: RuleMsg,
  changes: Partial<
    Pick<RuleMsg, 'type' | 'originator' | 'customerId' | 'metadata' | 'dataType' | 'data' | 'queueName'>
  >,
): RuleMsg {
  const next: Annotated = { ...msg, ...changes };
  // The parsed payload stays valid while the text is the same.
  if (changes.data !== undefined && changes.data !== msg.data) {
    next[PARSED] = undefined;
    next[VALUES] = undefined;
  }
  return next;
}

/** A copy with a new id (the reference's `newMsg` from an existing one). */
export function copyAsNew(msg: RuleMsg, changes: Parameters<typeof changeMsg>[1] = {}): RuleMsg {
  return { ...changeMsg(msg, changes), id: messageId() };
}

/**
 * What a message carries for the nodes beside its fields: its payload parsed, the typed values it
 * was written from. Symbol-keyed, so JSON (the sandbox, debug events, the cluster's queues) sees
 * only its fields; not a WeakMap, whose entries cost a hash, a table entry and work in every
 * collection per message (issue 14).
 */
const PARSED = Symbol('parsed payload');
const VALUES = Symbol('telemetry values');
type Annotated = RuleMsg & { [PARSED]?: LosslessJson | undefined; [VALUES]?: readonly KvEntry[] | undefined };

/**
 * The payload as lossless JSON (numbers keep their literal text, so 64-bit longs survive), parsed
 * once per message. Throws JsonSyntaxError when the payload is not JSON.
 */
export function msgJson(msg: RuleMsg): LosslessJson {
  let parsed = (msg as Annotated)[PARSED];
  if (parsed === undefined) {
    parsed = parseLossless(msg.data);
    (msg as Annotated)[PARSED] = parsed;
  }
  return parsed;
}

/** Tells a message its payload's parse, when the producer already has it (the device transports). */
export function withParsedData(msg: RuleMsg, parsed: LosslessJson): RuleMsg {
  (msg as Annotated)[PARSED] = parsed;
  return msg;
}

/**
 * Tells a message the typed values its payload (`{"key": value, …}`) was written from, so that
 * the nodes that store or evaluate them need not parse the text again.
 */
export function withTelemetryValues(msg: RuleMsg, values: readonly KvEntry[]): RuleMsg {
  (msg as Annotated)[VALUES] = values;
  return msg;
}

/** The time-series points of a telemetry payload, stamped `ts` where the payload has no own ts. */
export function msgTelemetry(msg: RuleMsg, ts: number): TsEntries[] {
  const values = (msg as Annotated)[VALUES];
  if (values !== undefined) return values.length === 0 ? [] : [{ ts, values: [...values] }];
  return telemetryEntries(msgJson(msg), ts, 'drop');
}
