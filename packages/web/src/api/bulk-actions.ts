import { type BulkAction, type BulkActionResult, type EntityId, MAX_BULK_ENTITIES } from '@meridian/common';
import type { HttpClient } from '../app/http/http-client';

/**
 * `POST /api/entities/bulk/{delete|assign|unassign}`: the server acts on each entity and reports
 * the failures. Selections above the per-request maximum go in several requests, merged here.
 */
export async function runBulkAction(
  http: HttpClient,
  action: BulkAction,
  entityIds: readonly EntityId[],
  customerId?: string,
): Promise<BulkActionResult> {
  const merged: BulkActionResult = { total: 0, succeeded: 0, failures: [] };
  for (let from = 0; from < entityIds.length; from += MAX_BULK_ENTITIES) {
    const body = {
      entityIds: entityIds.slice(from, from + MAX_BULK_ENTITIES),
      ...(customerId === undefined ? {} : { customerId }),
    };
    const part = await http.post<BulkActionResult>(`/api/entities/bulk/${action}`, body);
    merged.total += part.total;
    merged.succeeded += part.succeeded;
    merged.failures.push(...part.failures);
  }
  return merged;
}
