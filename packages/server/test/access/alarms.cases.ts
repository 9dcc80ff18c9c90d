import { v1 as uuidv1 } from 'uuid';
import type { Db } from '../../src/db/store.js';
import { type Case, PAGE, type Statuses } from './matrix.js';

/**
 * Rows of AlarmController, against alarms of Test Device A1 of Customer A. Each request that
 * changes an alarm gets an alarm of its own, stored directly.
 */

//                                       anon  SA   TA   CU   TA2  CU2
const ALARM_OF_CUSTOMER_A: Statuses = [401, 403, 200, 200, 403, 403];
/** Another tenant's administrator names a device it cannot see: a 400 that tells nothing of it. */
const RAISE_ON_CUSTOMER_A: Statuses = [401, 403, 200, 200, 400, 403];
/** Everyone's own alarms: the other tenant and customer get theirs (none of the Demo Tenant's). */
const OWN_ALARMS: Statuses = [401, 403, 200, 200, 200, 200];
/** The tenant entity: its administrator and the system administrator. */
const TENANT_ENTITY: Statuses = [401, 200, 200, 403, 403, 403];

async function deviceA1(db: Db): Promise<{ id: string; tenantId: string; customerId: string | null }> {
  return db
    .selectFrom('device')
    .select(['id', 'tenantId', 'customerId'])
    .where('name', '=', 'Test Device A1')
    .executeTakeFirstOrThrow();
}

/** A fresh active alarm of Test Device A1 (its own type, so none is deduplicated). */
async function alarmOfA1(db: Db): Promise<string> {
  const device = await deviceA1(db);
  const id = uuidv1();
  const now = Date.now();
  await db
    .insertInto('alarm')
    .values({
      id,
      createdTime: now,
      tenantId: device.tenantId,
      customerId: device.customerId,
      originatorId: device.id,
      originatorType: 'DEVICE',
      type: `Matrix ${id}`,
      severity: 'MAJOR',
      status: 'ACTIVE_UNACK',
      startTs: now,
      endTs: now,
      ackTs: 0,
      clearTs: 0,
      details: null,
      propagate: false,
      propagateToOwner: false,
      propagateToTenant: false,
      propagateRelationTypes: null,
    })
    .execute();
  await db
    .insertInto('entityAlarm')
    .values({
      tenantId: device.tenantId,
      entityType: 'DEVICE',
      entityId: device.id,
      createdTime: now,
      alarmType: `Matrix ${id}`,
      customerId: device.customerId,
      alarmId: id,
    })
    .execute();
  return id;
}

/** The router shows both parameter names where `/api/alarm/{alarmId}` meets `/api/alarm/{entityType}/…`. */
const BY_ID = '/api/alarm/:alarmId|:entityType';

const onAlarm = (method: string, route: string, path: (id: string) => string): Case => ({
  method,
  route,
  statuses: ALARM_OF_CUSTOMER_A,
  request: async (ctx) => ({ path: path(await alarmOfA1(ctx.db)) }),
});

export const ALARMS_CASES: Case[] = [
  onAlarm('GET', BY_ID, (id) => `/api/alarm/${id}`),
  onAlarm('GET', '/api/alarm/info/:alarmId', (id) => `/api/alarm/info/${id}`),
  onAlarm('DELETE', BY_ID, (id) => `/api/alarm/${id}`),
  onAlarm('POST', `${BY_ID}/ack`, (id) => `/api/alarm/${id}/ack`),
  onAlarm('POST', `${BY_ID}/clear`, (id) => `/api/alarm/${id}/clear`),
  {
    method: 'POST',
    route: '/api/alarm',
    statuses: RAISE_ON_CUSTOMER_A,
    request: async (ctx) => ({
      path: '/api/alarm',
      json: {
        type: 'Matrix Raised',
        originator: { entityType: 'DEVICE', id: (await deviceA1(ctx.db)).id },
        severity: 'MINOR',
        status: 'ACTIVE_UNACK',
      },
    }),
  },
  {
    method: 'GET',
    route: `${BY_ID}/:entityId`,
    statuses: ALARM_OF_CUSTOMER_A,
    request: async (ctx) => ({
      path: `/api/alarm/DEVICE/${(await deviceA1(ctx.db)).id}?${PAGE}&searchStatus=ANY&fetchOriginator=true`,
    }),
  },
  {
    method: 'GET',
    route: `${BY_ID}/:entityId`,
    target: 'tenant',
    statuses: TENANT_ENTITY,
    request: (ctx) => ({ path: `/api/alarm/TENANT/${ctx.ids.tenantId}?${PAGE}` }),
  },
  {
    method: 'GET',
    route: '/api/alarms',
    statuses: OWN_ALARMS,
    request: () => ({ path: `/api/alarms?${PAGE}&fetchOriginator=true` }),
  },
  {
    method: 'GET',
    route: '/api/alarm/highestSeverity/:entityType/:entityId',
    statuses: ALARM_OF_CUSTOMER_A,
    request: async (ctx) => ({
      path: `/api/alarm/highestSeverity/DEVICE/${(await deviceA1(ctx.db)).id}`,
    }),
  },
];
