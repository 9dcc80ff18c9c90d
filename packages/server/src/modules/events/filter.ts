import { DEBUG_MSG_DIRECTIONS, EVENT_TYPES, type EventFilter, type EventType } from '@meridian/common';
import { type RawBuilder, sql } from 'kysely';

/**
 * The reference EventFilter turned into SQL over the event body. A filter is parsed from the
 * request body leniently (numbers as text, empty strings meaning "any"), with a 400-worthy
 * EventFilterError naming the field that is wrong.
 */

export class EventFilterError extends Error {}

type Condition = RawBuilder<boolean>;

/** A parsed filter: the event type it selects and the body conditions it adds. */
export interface ParsedEventFilter {
  eventType: EventType;
  conditions: Condition[];
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const field = (name: string) => sql<string>`body->>${name}`;
const contains = (name: string, text: string): Condition =>
  sql<boolean>`${field(name)} ilike ${likePattern(text)}`;
const equalsIgnoreCase = (name: string, text: string): Condition =>
  sql<boolean>`lower(${field(name)}) = lower(${text})`;
/** At least `min`, for a body field written as a JSON number. */
const atLeast = (name: string, min: number): Condition =>
  sql<boolean>`(case when jsonb_typeof(body->${name}) = 'number' then (body->>${name})::numeric end) >= ${min}`;

function text(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new EventFilterError(`Event filter field '${name}' must be a string`);
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function count(body: Record<string, unknown>, name: string): number | undefined {
  const value = body[name];
  if (value === undefined || value === null || value === '') return undefined;
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 0)
    throw new EventFilterError(`Event filter field '${name}' must be a non-negative integer`);
  return number;
}

function flag(body: Record<string, unknown>, name: string): boolean {
  const value = body[name];
  if (value === undefined || value === null || value === '') return false;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new EventFilterError(`Event filter field '${name}' must be true or false`);
}

function debugConditions(body: Record<string, unknown>): Condition[] {
  const conditions: Condition[] = [];
  const direction = text(body, 'msgDirectionType');
  if (direction !== undefined) {
    if (!(DEBUG_MSG_DIRECTIONS as readonly string[]).includes(direction.toUpperCase()))
      throw new EventFilterError(`Event filter field 'msgDirectionType' must be IN or OUT`);
    conditions.push(equalsIgnoreCase('type', direction));
  }
  const server = text(body, 'server');
  if (server !== undefined) conditions.push(contains('server', server));
  const data = text(body, 'dataSearch');
  if (data !== undefined) conditions.push(contains('data', data));
  const metadata = text(body, 'metadataSearch');
  if (metadata !== undefined) conditions.push(contains('metadata', metadata));
  for (const [name, bodyField] of [
    ['entityName', 'entityName'],
    ['relationType', 'relationType'],
    ['entityId', 'entityId'],
    ['msgType', 'msgType'],
  ] as const) {
    const value = text(body, name);
    if (value !== undefined) conditions.push(equalsIgnoreCase(bodyField, value));
  }
  // The reference's Java field is `isError`; Jackson may also write it as `error`.
  if (flag(body, 'isError') || (typeof body.error === 'boolean' && body.error))
    conditions.push(sql<boolean>`coalesce(${field('error')}, '') <> ''`);
  const error = text(body, 'errorStr');
  if (error !== undefined) conditions.push(contains('error', error));
  return conditions;
}

function errorConditions(body: Record<string, unknown>): Condition[] {
  const conditions: Condition[] = [];
  for (const [name, bodyField] of [
    ['server', 'server'],
    ['method', 'method'],
    ['errorStr', 'error'],
  ] as const) {
    const value = text(body, name);
    if (value !== undefined) conditions.push(contains(bodyField, value));
  }
  return conditions;
}

function lifecycleConditions(body: Record<string, unknown>): Condition[] {
  const conditions: Condition[] = [];
  const server = text(body, 'server');
  if (server !== undefined) conditions.push(contains('server', server));
  const event = text(body, 'event');
  if (event !== undefined) conditions.push(equalsIgnoreCase('event', event));
  const status = text(body, 'status');
  if (status !== undefined) {
    const lower = status.toLowerCase();
    if (lower !== 'success' && lower !== 'failure')
      throw new EventFilterError(`Event filter field 'status' must be Success or Failure`);
    conditions.push(sql<boolean>`${field('success')} = ${lower === 'success' ? 'true' : 'false'}`);
  }
  const error = text(body, 'errorStr');
  if (error !== undefined) conditions.push(contains('error', error));
  return conditions;
}

function statsConditions(body: Record<string, unknown>): Condition[] {
  const conditions: Condition[] = [];
  const server = text(body, 'server');
  if (server !== undefined) conditions.push(contains('server', server));
  const processed = count(body, 'messagesProcessed');
  if (processed !== undefined) conditions.push(atLeast('messagesProcessed', processed));
  const errors = count(body, 'errorsOccurred');
  if (errors !== undefined) conditions.push(atLeast('errorsOccurred', errors));
  return conditions;
}

/** Parses an EventFilter request body; throws EventFilterError on what the reference would reject. */
export function parseEventFilter(input: unknown): ParsedEventFilter {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw new EventFilterError('Event filter must be a JSON object with an eventType');
  const body = input as Record<string, unknown> & Partial<EventFilter>;
  const eventType = body.eventType;
  if (typeof eventType !== 'string' || !(EVENT_TYPES as readonly string[]).includes(eventType))
    throw new EventFilterError(
      `Event filter eventType must be one of ${EVENT_TYPES.join(', ')}, got '${String(eventType)}'`,
    );
  switch (eventType as EventType) {
    case 'DEBUG_RULE_NODE':
    case 'DEBUG_RULE_CHAIN':
      return { eventType: eventType as EventType, conditions: debugConditions(body) };
    case 'ERROR':
      return { eventType: 'ERROR', conditions: errorConditions(body) };
    case 'LC_EVENT':
      return { eventType: 'LC_EVENT', conditions: lifecycleConditions(body) };
    case 'STATS':
      return { eventType: 'STATS', conditions: statsConditions(body) };
  }
}
