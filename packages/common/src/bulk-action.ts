import type { EntityId } from './entity-types.js';

/**
 * Bulk delete, assign and unassign (Meridian's own endpoints, `/api/entities/bulk/…`): the
 * server runs the action on each entity in its own transaction and reports every failure, so a
 * selection of many entities is one request and a refused entity does not stop the others.
 */

/** Most entities one bulk request may name. */
export const MAX_BULK_ENTITIES = 1000;

export const BULK_ACTIONS = ['delete', 'assign', 'unassign'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export interface BulkActionRequest {
  entityIds: EntityId[];
  /** The customer to assign to (`assign` only). */
  customerId?: string;
}

/** One entity the action failed for, with the error the single-entity endpoint would answer. */
export interface BulkActionFailure {
  entityId: EntityId;
  status: number;
  errorCode: number;
  message: string;
}

export interface BulkActionResult {
  /** Distinct entities named in the request. */
  total: number;
  succeeded: number;
  failures: BulkActionFailure[];
}
