import { WS_COMMAND_PROCESSING_ORDER } from '@meridian/common';
import { exceedsJsonDepth, MAX_JSON_DEPTH } from '../http/json-depth.js';

/**
 * Reads a client frame into a command wrapper (reference §3.2). The reference binds the frame with
 * a strict Jackson mapper: anything that is not a wrapper of the known lists, or a field of the
 * wrong type, makes the whole frame unparseable and nothing of it runs. Fields the server does not
 * read are ignored; queries are checked later by the entity query parser, which names the field.
 */

export class CommandParseError extends Error {}

type Json = Record<string, unknown>;

const fail = (message: string): never => {
  throw new CommandParseError(message);
};

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function optional<T>(value: unknown, read: (value: unknown) => T): T | undefined {
  return value === undefined || value === null ? undefined : read(value);
}

const str = (field: string) => (value: unknown) =>
  typeof value === 'string' ? value : fail(`${field} must be a string`);
const bool = (field: string) => (value: unknown) =>
  typeof value === 'boolean' ? value : fail(`${field} must be a boolean`);
/** Java long/int: a whole number (Jackson also coerces numeric strings). */
const whole = (field: string) => (value: unknown) => {
  const number = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number)
    ? number
    : fail(`${field} must be a whole number`);
};
const obj = (field: string) => (value: unknown) =>
  isObject(value) ? value : fail(`${field} must be an object`);

export interface EntityCmdFields {
  cmdId: number;
  entityType: string | undefined;
  entityId: string | undefined;
  keys: string | undefined;
}

export interface AttributesCmd extends EntityCmdFields {
  scope: string | undefined;
  unsubscribe: boolean;
}

export interface TimeseriesCmd extends EntityCmdFields {
  unsubscribe: boolean;
  startTs: number;
  timeWindow: number;
  interval: number;
  limit: number;
  agg: string | undefined;
}

export interface HistoryCmd extends EntityCmdFields {
  startTs: number;
  endTs: number;
  interval: number;
  limit: number;
  agg: string | undefined;
}

export interface DataKeyRef {
  type: string;
  key: string;
}

export interface EntityHistoryCmd {
  keys: string[];
  startTs: number;
  endTs: number;
  interval: number;
  limit: number;
  agg: string | undefined;
  fetchLatestPreviousPoint: boolean;
}

export interface EntityDataCmd {
  cmdId: number;
  query: Json | undefined;
  historyCmd: EntityHistoryCmd | undefined;
  latestCmd: { keys: DataKeyRef[] } | undefined;
  tsCmd: EntityHistoryCmd | undefined;
}

export interface QueryCmd {
  cmdId: number;
  query: Json | undefined;
}

export interface Wrapper {
  attrSubCmds: AttributesCmd[];
  tsSubCmds: TimeseriesCmd[];
  historyCmds: HistoryCmd[];
  entityDataCmds: EntityDataCmd[];
  alarmDataCmds: QueryCmd[];
  entityCountCmds: QueryCmd[];
  entityDataUnsubscribeCmds: number[];
  alarmDataUnsubscribeCmds: number[];
  entityCountUnsubscribeCmds: number[];
}

function entityFields(cmd: Json): EntityCmdFields {
  return {
    cmdId: whole('cmdId')(cmd.cmdId ?? 0),
    entityType: optional(cmd.entityType, str('entityType')),
    entityId: optional(cmd.entityId, str('entityId')),
    keys: optional(cmd.keys, str('keys')),
  };
}

const num = (cmd: Json, field: string) => optional(cmd[field], whole(field)) ?? 0;

function keyList(value: unknown, field: string): string[] {
  const list = optional(value, (v) => (Array.isArray(v) ? v : fail(`${field} must be an array`))) ?? [];
  return list.map(str(`${field}[]`));
}

function entityHistory(value: Json, field: string): EntityHistoryCmd {
  return {
    keys: keyList(value.keys, `${field}.keys`),
    startTs: num(value, 'startTs'),
    endTs: num(value, 'endTs'),
    interval: num(value, 'interval'),
    limit: num(value, 'limit'),
    agg: optional(value.agg, str(`${field}.agg`)),
    fetchLatestPreviousPoint:
      optional(value.fetchLatestPreviousPoint, bool('fetchLatestPreviousPoint')) ?? false,
  };
}

function dataKey(value: unknown): DataKeyRef {
  const key = obj('latestCmd.keys[]')(value);
  return { type: str('key.type')(key.type), key: str('key.key')(key.key) };
}

const READERS = {
  attrSubCmds: (cmd: Json): AttributesCmd => ({
    ...entityFields(cmd),
    scope: optional(cmd.scope, str('scope')),
    unsubscribe: optional(cmd.unsubscribe, bool('unsubscribe')) ?? false,
  }),
  tsSubCmds: (cmd: Json): TimeseriesCmd => ({
    ...entityFields(cmd),
    unsubscribe: optional(cmd.unsubscribe, bool('unsubscribe')) ?? false,
    startTs: num(cmd, 'startTs'),
    timeWindow: num(cmd, 'timeWindow'),
    interval: num(cmd, 'interval'),
    limit: num(cmd, 'limit'),
    agg: optional(cmd.agg, str('agg')),
  }),
  historyCmds: (cmd: Json): HistoryCmd => ({
    ...entityFields(cmd),
    startTs: num(cmd, 'startTs'),
    endTs: num(cmd, 'endTs'),
    interval: num(cmd, 'interval'),
    limit: num(cmd, 'limit'),
    agg: optional(cmd.agg, str('agg')),
  }),
  entityDataCmds: (cmd: Json): EntityDataCmd => {
    const tsCmd = optional(cmd.tsCmd, obj('tsCmd'));
    return {
      cmdId: whole('cmdId')(cmd.cmdId ?? 0),
      query: optional(cmd.query, obj('query')),
      historyCmd: optional(cmd.historyCmd, (v) => entityHistory(obj('historyCmd')(v), 'historyCmd')),
      latestCmd: optional(cmd.latestCmd, (v) => {
        const latest = obj('latestCmd')(v);
        const keys = optional(latest.keys, (k) =>
          Array.isArray(k) ? k : fail('latestCmd.keys must be an array'),
        );
        return { keys: (keys ?? []).map(dataKey) };
      }),
      // The time-series command's window ends at startTs + timeWindow.
      tsCmd: tsCmd && {
        ...entityHistory(tsCmd, 'tsCmd'),
        endTs: num(tsCmd, 'startTs') + num(tsCmd, 'timeWindow'),
      },
    };
  },
  alarmDataCmds: (cmd: Json): QueryCmd => ({
    cmdId: whole('cmdId')(cmd.cmdId ?? 0),
    query: optional(cmd.query, obj('query')),
  }),
  entityCountCmds: (cmd: Json): QueryCmd => ({
    cmdId: whole('cmdId')(cmd.cmdId ?? 0),
    query: optional(cmd.query, obj('query')),
  }),
  entityDataUnsubscribeCmds: (cmd: Json): number => whole('cmdId')(cmd.cmdId ?? 0),
  alarmDataUnsubscribeCmds: (cmd: Json): number => whole('cmdId')(cmd.cmdId ?? 0),
  entityCountUnsubscribeCmds: (cmd: Json): number => whole('cmdId')(cmd.cmdId ?? 0),
} satisfies Record<(typeof WS_COMMAND_PROCESSING_ORDER)[number], (cmd: Json) => unknown>;

const LIST_NAMES: ReadonlySet<string> = new Set(WS_COMMAND_PROCESSING_ORDER);

/** Parses one text frame; throws CommandParseError when it is not a command wrapper. */
export function parseWrapper(text: string): Wrapper {
  // The same nesting limit as request bodies: a query nested deeper must not reach the entity query
  // parser or the store (its key filter values end up in SQL parameters).
  if (exceedsJsonDepth(text)) return fail(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  let node: unknown;
  try {
    node = JSON.parse(text);
  } catch {
    return fail('malformed JSON');
  }
  if (!isObject(node)) return fail('not a JSON object');
  for (const name of Object.keys(node)) {
    if (!LIST_NAMES.has(name)) fail(`unknown field ${name}`);
  }
  const list = <T>(name: keyof typeof READERS, read: (cmd: Json) => T): T[] => {
    const value = node[name];
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) return fail(`${name} must be an array`);
    return value.map((cmd) => read(obj(`${name}[]`)(cmd)));
  };
  return {
    attrSubCmds: list('attrSubCmds', READERS.attrSubCmds),
    tsSubCmds: list('tsSubCmds', READERS.tsSubCmds),
    historyCmds: list('historyCmds', READERS.historyCmds),
    entityDataCmds: list('entityDataCmds', READERS.entityDataCmds),
    alarmDataCmds: list('alarmDataCmds', READERS.alarmDataCmds),
    entityCountCmds: list('entityCountCmds', READERS.entityCountCmds),
    entityDataUnsubscribeCmds: list('entityDataUnsubscribeCmds', READERS.entityDataUnsubscribeCmds),
    alarmDataUnsubscribeCmds: list('alarmDataUnsubscribeCmds', READERS.alarmDataUnsubscribeCmds),
    entityCountUnsubscribeCmds: list('entityCountUnsubscribeCmds', READERS.entityCountUnsubscribeCmds),
  };
}
