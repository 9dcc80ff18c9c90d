import type { EdgeEventId, EdgeId, TenantId } from './entity-ids.js';
import type { JsonValue } from './json.js';

/** Edge events: what the cloud queues for an edge instance (spec 2 §3 "Edge event"). */

export const EDGE_EVENT_TYPES = [
  'DASHBOARD',
  'ASSET',
  'DEVICE',
  'DEVICE_PROFILE',
  'ENTITY_VIEW',
  'ALARM',
  'RULE_CHAIN',
  'RULE_CHAIN_METADATA',
  'EDGE',
  'USER',
  'CUSTOMER',
  'RELATION',
  'TENANT',
  'WIDGETS_BUNDLE',
  'WIDGET_TYPE',
  'ADMIN_SETTINGS',
] as const;
export type EdgeEventType = (typeof EDGE_EVENT_TYPES)[number];

export const EDGE_EVENT_ACTIONS = [
  'ADDED',
  'DELETED',
  'UPDATED',
  'POST_ATTRIBUTES',
  'ATTRIBUTES_UPDATED',
  'ATTRIBUTES_DELETED',
  'TIMESERIES_UPDATED',
  'CREDENTIALS_UPDATED',
  'ASSIGNED_TO_CUSTOMER',
  'UNASSIGNED_FROM_CUSTOMER',
  'RELATION_ADD_OR_UPDATE',
  'RELATION_DELETED',
  'RPC_CALL',
  'ALARM_ACK',
  'ALARM_CLEAR',
  'ASSIGNED_TO_EDGE',
  'UNASSIGNED_FROM_EDGE',
  'CREDENTIALS_REQUEST',
  'ENTITY_MERGE_REQUEST',
] as const;
export type EdgeEventAction = (typeof EDGE_EVENT_ACTIONS)[number];

/** Whether the edge has taken the event yet. */
export const EDGE_EVENT_STATUSES = ['DEPLOYED', 'PENDING'] as const;
export type EdgeEventStatus = (typeof EDGE_EVENT_STATUSES)[number];

/** Display colour per status (spec 2 §3). */
export const EDGE_EVENT_STATUS_COLORS: Readonly<Record<EdgeEventStatus, string>> = {
  DEPLOYED: 'black',
  PENDING: 'grey',
};

/**
 * An edge event row (`GET /api/edge/{edgeId}/events`). Reference §1.5 does not list this shape; the
 * fields follow the reference's `EdgeEvent` class.
 */
export interface EdgeEvent {
  id: EdgeEventId;
  createdTime: number;
  tenantId: TenantId;
  edgeId: EdgeId;
  type: EdgeEventType;
  action: EdgeEventAction;
  /** Bare UUID of the entity the event is about. */
  entityId: string | null;
  uid: string | null;
  body: JsonValue;
}
