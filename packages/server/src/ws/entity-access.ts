import type { EntityId } from '@meridian/common';
import type { Operation } from '../auth/policy.js';
import type { Principal } from '../auth/principal.js';
import type { Db } from '../db/store.js';
import { badRequest } from '../http/api-error.js';
import { requireEntityAccess } from '../modules/entities/owner.js';
import { type TimeseriesWindow, timeseriesWindow } from '../modules/telemetry/entity-view-window.js';
import { TELEMETRY_ENTITY_TYPES } from '../modules/telemetry/service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The entity of a v1 command, once the principal may perform the operation on it. A malformed
 * type or id is a 400; a missing or foreign entity a 404 / 403 (both "Unauthorized" on the wire).
 */
export async function readableEntity(
  db: Db,
  principal: Principal,
  operation: Operation,
  entityType: string | undefined,
  entityId: string,
): Promise<EntityId> {
  const owner = await readableOwner(db, principal, operation, entityType, entityId);
  return { entityType: owner.entityType, id: owner.id };
}

async function readableOwner(
  db: Db,
  principal: Principal,
  operation: Operation,
  entityType: string | undefined,
  entityId: string,
) {
  if (!entityType || !(TELEMETRY_ENTITY_TYPES as readonly string[]).includes(entityType)) {
    throw badRequest(`Invalid entity type: ${entityType ?? ''}`);
  }
  if (!UUID.test(entityId)) throw badRequest(`Invalid entity id: ${entityId}`);
  return requireEntityAccess(db, principal, operation, { entityType, id: entityId.toLowerCase() });
}

/**
 * Where the time series of a v1 command's entity are read: its own, or for an entity view its
 * target's within the view's keys and time window (as the REST telemetry endpoints read them).
 */
export async function readableTimeseries(
  db: Db,
  principal: Principal,
  entityType: string | undefined,
  entityId: string,
): Promise<TimeseriesWindow> {
  return timeseriesWindow(db, await readableOwner(db, principal, 'READ_TELEMETRY', entityType, entityId));
}

/** Comma-separated keys, blanks dropped, each once. */
export function splitKeys(keys: string | undefined): string[] {
  if (!keys) return [];
  return [...new Set(keys.split(',').map((key) => key.trim()))].filter((key) => key.length > 0);
}
