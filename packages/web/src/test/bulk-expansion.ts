import type { BulkActionFailure, BulkActionResult, EntityId } from '@meridian/common';

/**
 * Test double of the server's bulk endpoints (`POST /api/entities/bulk/{action}`): like the server,
 * it runs each entity through its single-entity endpoint — here, the fake backend's — and reports
 * the failures. The single calls are what the fake backends record, so page tests keep asserting
 * them whether the console sends one bulk call or one call per entity.
 */

const SEGMENTS: Record<string, string> = { DEVICE: 'device', ASSET: 'asset', ENTITY_VIEW: 'entityView' };

function singleCall(action: string, entityId: EntityId, customerId: string | undefined) {
  const segment = SEGMENTS[entityId.entityType];
  if (!segment) return undefined;
  if (action === 'assign')
    return { method: 'POST', path: `/api/customer/${customerId}/${segment}/${entityId.id}` };
  if (action === 'unassign') return { method: 'DELETE', path: `/api/customer/${segment}/${entityId.id}` };
  if (action === 'delete') return { method: 'DELETE', path: `/api/${segment}/${entityId.id}` };
  return undefined;
}

export function withBulkExpansion(
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>,
): (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> {
  return async (input, init = {}) => {
    const url = new URL(String(input), 'http://console.test');
    const action = /^\/api\/entities\/bulk\/(?<action>[a-z]+)$/.exec(url.pathname)?.groups?.action;
    if (!action || (init.method ?? 'GET').toUpperCase() !== 'POST') return fetch(input, init);
    const body = JSON.parse(String(init.body)) as { entityIds: EntityId[]; customerId?: string };
    const failures: BulkActionFailure[] = [];
    for (const entityId of body.entityIds) {
      const call = singleCall(action, entityId, body.customerId);
      const response = call
        ? await fetch(`${url.origin}${call.path}`, { method: call.method, headers: init.headers })
        : new Response(JSON.stringify({ message: 'unsupported', errorCode: 31 }), { status: 400 });
      if (!response.ok) {
        const text = await response.text();
        const error = (text ? JSON.parse(text) : {}) as { message?: string; errorCode?: number };
        failures.push({
          entityId,
          status: response.status,
          errorCode: error.errorCode ?? 0,
          message: error.message ?? response.statusText,
        });
      }
    }
    const result: BulkActionResult = {
      total: body.entityIds.length,
      succeeded: body.entityIds.length - failures.length,
      failures,
    };
    return new Response(JSON.stringify(result), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
}
