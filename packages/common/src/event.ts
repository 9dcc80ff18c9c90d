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
