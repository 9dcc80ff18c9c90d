import type { Db } from '../../src/db/store.js';
import type { Case, Statuses } from './matrix.js';

/**
 * Rows of the entity query API. Every caller with a tenant gets 200: a query answers only rows the
 * caller may read, so callers of another tenant or customer get an empty answer for a query that
 * names Test Device A1 of Customer A (the matrix checks they see none of its ids).
 */

//                                   anon  SA   TA   CU   TA2  CU2
const QUERY_CALLERS: Statuses = [401, 403, 200, 200, 200, 200];

async function deviceA1(db: Db): Promise<string> {
  const row = await db
    .selectFrom('device')
    .select('id')
    .where('name', '=', 'Test Device A1')
    .executeTakeFirstOrThrow();
  return row.id;
}

const query = async (db: Db) => ({
  entityFilter: { type: 'entityList', entityType: 'DEVICE', entityList: [await deviceA1(db)] },
  pageLink: { pageSize: 10, page: 0 },
  entityFields: [{ type: 'ENTITY_FIELD', key: 'name' }],
});

/** An alarm query over Test Device A1's alarms, propagated ones included. */
const alarmQuery = async (db: Db) => ({
  ...(await query(db)),
  pageLink: { pageSize: 10, page: 0, searchPropagatedAlarms: true },
});

export const ENTITY_QUERY_CASES: Case[] = [
  {
    method: 'POST',
    route: '/api/alarmsQuery/find',
    statuses: QUERY_CALLERS,
    request: async (ctx) => ({ path: '/api/alarmsQuery/find', json: await alarmQuery(ctx.db) }),
  },
  {
    method: 'POST',
    route: '/api/entitiesQuery/find',
    statuses: QUERY_CALLERS,
    request: async (ctx) => ({ path: '/api/entitiesQuery/find', json: await query(ctx.db) }),
  },
  {
    method: 'POST',
    route: '/api/entitiesQuery/count',
    statuses: QUERY_CALLERS,
    request: async (ctx) => ({ path: '/api/entitiesQuery/count', json: await query(ctx.db) }),
  },
  {
    method: 'POST',
    route: '/api/entitiesQuery/find/keys',
    statuses: QUERY_CALLERS,
    request: async (ctx) => ({
      path: '/api/entitiesQuery/find/keys?timeseries=true&attributes=true',
      json: await query(ctx.db),
    }),
  },
];
