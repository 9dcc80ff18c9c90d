import type { Db } from '../../src/db/store.js';
import { type Case, PAGE, type Statuses } from './matrix.js';

/**
 * Rows of the EventController, on Test Device A1 of Customer A: its tenant administrator and
 * Customer A's user may read and clear its events, nobody of another tenant or customer may.
 */

//                                   anon  SA   TA   CU   TA2  CU2
const DEVICE_OF_CUSTOMER_A: Statuses = [401, 403, 200, 200, 403, 403];

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
    path: `/api/events/DEVICE/${await deviceA1(ctx.db)}${suffix}`,
    ...(json !== undefined ? { json } : {}),
  });

export const EVENTS_CASES: Case[] = [
  {
    method: 'GET',
    route: '/api/events/:entityType/:entityId',
    statuses: DEVICE_OF_CUSTOMER_A,
    request: onDevice(`?${PAGE}`),
  },
  {
    method: 'GET',
    route: '/api/events/:entityType/:entityId/:eventType',
    statuses: DEVICE_OF_CUSTOMER_A,
    request: onDevice(`/ERROR?${PAGE}`),
  },
  {
    method: 'POST',
    route: '/api/events/:entityType/:entityId',
    statuses: DEVICE_OF_CUSTOMER_A,
    request: onDevice(`?${PAGE}`, { eventType: 'ERROR' }),
  },
  {
    method: 'POST',
    route: '/api/events/:entityType/:entityId/clear',
    statuses: DEVICE_OF_CUSTOMER_A,
    request: onDevice('/clear', { eventType: 'ERROR' }),
  },
];
