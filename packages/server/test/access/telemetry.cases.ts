import type { Db } from '../../src/db/store.js';
import type { Case, Statuses } from './matrix.js';

/**
 * Rows of the telemetry API, against Test Device A1 of Customer A. The legacy device routes put a
 * device id where the others put an entity type, so the router shows both names at those places.
 */

//                                   anon  SA   TA   CU   TA2  CU2
const DEVICE_OF_CUSTOMER_A: Statuses = [401, 403, 200, 200, 403, 403];

const BASE = '/api/plugins/telemetry';
const ROUTE = `${BASE}/:entityType|:deviceId/:entityId|:scope`;

async function deviceA1(db: Db): Promise<string> {
  const row = await db
    .selectFrom('device')
    .select('id')
    .where('name', '=', 'Test Device A1')
    .executeTakeFirstOrThrow();
  return row.id;
}

const onDevice =
  (suffix: string, json?: unknown): Case['request'] =>
  async (ctx) => ({
    path: `${BASE}/DEVICE/${await deviceA1(ctx.db)}${suffix}`,
    ...(json !== undefined ? { json } : {}),
  });

const row = (method: string, route: string, request: Case['request']): Case => ({
  method,
  route: `${ROUTE}${route}`,
  statuses: DEVICE_OF_CUSTOMER_A,
  request,
});

export const TELEMETRY_CASES: Case[] = [
  row('GET', '/keys/attributes', onDevice('/keys/attributes')),
  row('GET', '/keys/attributes/:scope', onDevice('/keys/attributes/SERVER_SCOPE')),
  row('GET', '/keys/timeseries', onDevice('/keys/timeseries')),
  row('GET', '/values/attributes', onDevice('/values/attributes?keys=matrix')),
  row('GET', '/values/attributes/:scope', onDevice('/values/attributes/SERVER_SCOPE')),
  row('GET', '/values/timeseries', onDevice('/values/timeseries?keys=matrix&startTs=0&endTs=4102444800000')),
  row('POST', '/attributes/:scope', onDevice('/attributes/SERVER_SCOPE', { matrix: 1 })),
  // The input widgets write a device's shared attributes through the v2 form.
  {
    ...row('POST', '/attributes/:scope', onDevice('/attributes/SHARED_SCOPE', { matrix: 6 })),
    target: 'shared scope',
  },
  row('POST', '/:scope', onDevice('/SHARED_SCOPE', { matrix: 2 })),
  row('POST', '/timeseries/:scope', onDevice('/timeseries/ANY', { matrix: 3 })),
  row('POST', '/timeseries/:scope/:ttl', onDevice('/timeseries/ANY/60', { matrix: 4 })),
  row('DELETE', '/timeseries/delete', onDevice('/timeseries/delete?keys=matrix&deleteAllDataForKeys=true')),
  row('DELETE', '/:scope', onDevice('/SHARED_SCOPE?keys=matrix')),
  {
    method: 'POST',
    route: ROUTE,
    target: 'legacy device attributes',
    statuses: DEVICE_OF_CUSTOMER_A,
    request: async (ctx) => ({ path: `${BASE}/${await deviceA1(ctx.db)}/SERVER_SCOPE`, json: { matrix: 5 } }),
  },
  {
    method: 'DELETE',
    route: ROUTE,
    target: 'legacy device attributes',
    statuses: DEVICE_OF_CUSTOMER_A,
    request: async (ctx) => ({ path: `${BASE}/${await deviceA1(ctx.db)}/SERVER_SCOPE?keys=matrix` }),
  },
];
