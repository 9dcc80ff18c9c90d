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
  const next = { ...msg, ...changes };
  // The parsed payload stays valid while the text is the same.
  if (changes.data === undefined || changes.data === msg.data) {
    const parsed = parsedData.get(msg);
    if (parsed !== undefined) parsedData.set(next, parsed);
    const values = telemetryValues.get(msg);
    if (values !== undefined) telemetryValues.set(next, values);
  }
  return next;
}

/** A copy with a new id (the reference's `newMsg` from an existing one). */
export function copyAsNew(msg: RuleMsg, changes: Parameters<typeof changeMsg>[1] = {}): RuleMsg {
  return { ...changeMsg(msg, changes), id: messageId() };
}

const parsedData = new WeakMap<RuleMsg, LosslessJson>();

/**
 * The payload as lossless JSON (numbers keep their literal text, so 64-bit longs survive), parsed
 * once per message. Throws JsonSyntaxError when the payload is not JSON.
 */
export function msgJson(msg: RuleMsg): LosslessJson {
  let parsed = parsedData.get(msg);
  if (parsed === undefined) {
    parsed = parseLossless(msg.data);
    parsedData.set(msg, parsed);
  }
  return parsed;
}

/** Tells a message its payload's parse, when the producer already has it (the device transports). */
export function withParsedData(msg: RuleMsg, parsed: LosslessJson): RuleMsg {
  parsedData.set(msg, parsed);
  return msg;
}

/** Typed values of a flat telemetry payload, kept by the transport that built the message from them. */
const telemetryValues = new WeakMap<RuleMsg, readonly KvEntry[]>();

/**
 * Tells a message the typed values its payload (`{"key": value, …}`) was written from, so that
 * the nodes that store or evaluate them need not parse the text again.
 */
export function withTelemetryValues(msg: RuleMsg, values: readonly KvEntry[]): RuleMsg {
  telemetryValues.set(msg, values);
  return msg;
}

/** The time-series points of a telemetry payload, stamped `ts` where the payload has no own ts. */
export function msgTelemetry(msg: RuleMsg, ts: number): TsEntries[] {
  const values = telemetryValues.get(msg);
  if (values !== undefined) return values.length === 0 ? [] : [{ ts, values: [...values] }];
  return telemetryEntries(msgJson(msg), ts, 'drop');
}
