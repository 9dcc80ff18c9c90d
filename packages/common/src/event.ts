import type { EventId, TenantId } from './entity-ids.js';
import type { EntityId } from './entity-types.js';
import type { JsonValue } from './json.js';

/** Entity events: errors, lifecycle, statistics and rule debug (reference §1.5 Event). */

export const EVENT_TYPES = ['ERROR', 'LC_EVENT', 'STATS', 'DEBUG_RULE_NODE', 'DEBUG_RULE_CHAIN'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** An event row (`/api/events/…`); named EntityEvent to avoid the DOM `Event`. */
export interface EntityEvent {
  id: EventId;
  createdTime: number;
  tenantId: TenantId;
  type: EventType | string;
  uid: string;
  entityId: EntityId;
  body: JsonValue;
}

/** Longest text kept in a debug event's data (`event.debug.max-symbols`). */
export const DEBUG_EVENT_MAX_SYMBOLS = 4096;

/** Direction of a debug event: the message entering a node (IN) or leaving it (OUT). */
export const DEBUG_MSG_DIRECTIONS = ['IN', 'OUT'] as const;
export type DebugMsgDirection = (typeof DEBUG_MSG_DIRECTIONS)[number];

/** Lifecycle events of a component (rule chain, rule node). */
export const LIFECYCLE_EVENTS = ['STARTED', 'UPDATED', 'STOPPED'] as const;
export type LifecycleEventName = (typeof LIFECYCLE_EVENTS)[number];

/** Body of a DEBUG_RULE_NODE / DEBUG_RULE_CHAIN event; `entityName` is the originator's entity type. */
export interface DebugEventBody {
  type: DebugMsgDirection;
  server: string;
  entityId: string;
  entityName: string;
  msgId: string;
  msgType: string;
  dataType: string;
  relationType?: string;
  data: string;
  /** The message metadata as JSON text. */
  metadata: string;
  error?: string;
}

export interface ErrorEventBody {
  server: string;
  method: string;
  error: string;
}

export interface LifecycleEventBody {
  server: string;
  event: LifecycleEventName | string;
  success: boolean;
  error?: string;
}

export interface StatsEventBody {
  server: string;
  messagesProcessed: number;
  errorsOccurred: number;
}

/**
 * The reference EventFilter (body of `POST /api/events/…`): `eventType` picks the kind, the other
 * fields narrow it. Text fields match case-insensitively as "contains"; empty fields are ignored.
 */
export type EventFilter =
  | ({ eventType: 'DEBUG_RULE_NODE' | 'DEBUG_RULE_CHAIN' } & DebugEventFilterFields)
  | ({ eventType: 'ERROR' } & ErrorEventFilterFields)
  | ({ eventType: 'LC_EVENT' } & LifecycleEventFilterFields)
  | ({ eventType: 'STATS' } & StatsEventFilterFields);

export interface DebugEventFilterFields {
  msgDirectionType?: DebugMsgDirection | null;
  server?: string | null;
  dataSearch?: string | null;
  metadataSearch?: string | null;
  /** The originator's entity type, e.g. DEVICE. */
  entityName?: string | null;
  relationType?: string | null;
  /** The originator's id. */
  entityId?: string | null;
  msgType?: string | null;
  /** Only events that carry an error. */
  isError?: boolean | null;
  errorStr?: string | null;
}

export interface ErrorEventFilterFields {
  server?: string | null;
  method?: string | null;
  errorStr?: string | null;
}

export interface LifecycleEventFilterFields {
  server?: string | null;
  event?: string | null;
  /** 'Success' or 'Failure'. */
  status?: 'Success' | 'Failure' | null;
  errorStr?: string | null;
}

export interface StatsEventFilterFields {
  server?: string | null;
  /** At least this many messages processed. */
  messagesProcessed?: number | null;
  /** At least this many errors. */
  errorsOccurred?: number | null;
}

/** Which event types an entity's Events tab offers: debug ones only for rule chains and nodes. */
export function eventTypesOf(entityType: string): EventType[] {
  const base: EventType[] = ['ERROR', 'LC_EVENT', 'STATS'];
  // Rule nodes and chains open on their debug events, as the reference's editor and chain tabs do.
  if (entityType === 'RULE_NODE') return ['DEBUG_RULE_NODE', ...base];
  if (entityType === 'RULE_CHAIN') return ['DEBUG_RULE_CHAIN', ...base];
  return base;
}
