import { v1 as uuidv1 } from 'uuid';
import type { Db } from '../../src/db/store.js';
import { type Case, PAGE, type Statuses, TENANT_ADMIN_ONLY } from './matrix.js';

/**
 * Rows of server-side RPC (RpcV1Controller, RpcV2Controller), against Test Device A1 of Customer A.
 * Calls are persistent so that they answer at once instead of waiting for the device.
 */

//                                      anon  SA   TA   CU   TA2  CU2
const DEVICE_OF_CUSTOMER_A: Statuses = [401, 403, 200, 200, 403, 403];

async function deviceA1(db: Db): Promise<{ id: string; tenantId: string }> {
  return db
    .selectFrom('device')
    .select(['id', 'tenantId'])
    .where('name', '=', 'Test Device A1')
    .executeTakeFirstOrThrow();
}

/** A queued persistent RPC of Test Device A1, stored directly: each caller gets one of its own. */
async function queuedRpc(db: Db): Promise<string> {
  const device = await deviceA1(db);
  const id = uuidv1();
  await db
    .insertInto('rpc')
    .values({
      id,
      createdTime: Date.now(),
      tenantId: device.tenantId,
      deviceId: device.id,
      expirationTime: Date.now() + 60_000,
      request: JSON.stringify({ oneway: false, body: { method: 'matrix', params: '{}' } }),
      response: null,
      status: 'QUEUED',
      additionalInfo: null,
    })
    .execute();
  return id;
}

const callRow = (base: string, kind: 'oneway' | 'twoway'): Case => ({
  method: 'POST',
  route: `${base}/${kind}/:deviceId`,
  statuses: DEVICE_OF_CUSTOMER_A,
  request: async (ctx) => ({
    path: `${base}/${kind}/${(await deviceA1(ctx.db)).id}`,
    json: { method: 'matrix', params: { caller: 'matrix' }, persistent: true },
  }),
});

export const RPC_CASES: Case[] = [
  callRow('/api/plugins/rpc', 'oneway'),
  callRow('/api/plugins/rpc', 'twoway'),
  callRow('/api/rpc', 'oneway'),
  callRow('/api/rpc', 'twoway'),
  {
    method: 'GET',
    route: '/api/rpc/persistent/:rpcId',
    statuses: DEVICE_OF_CUSTOMER_A,
    request: async (ctx) => ({ path: `/api/rpc/persistent/${await queuedRpc(ctx.db)}` }),
  },
  {
    method: 'GET',
    route: '/api/rpc/persistent/device/:deviceId',
    statuses: DEVICE_OF_CUSTOMER_A,
    request: async (ctx) => ({
      path: `/api/rpc/persistent/device/${(await deviceA1(ctx.db)).id}?${PAGE}&rpcStatus=QUEUED`,
    }),
  },
  {
    method: 'DELETE',
    route: '/api/rpc/persistent/:rpcId',
    statuses: TENANT_ADMIN_ONLY,
    request: async (ctx) => ({ path: `/api/rpc/persistent/${await queuedRpc(ctx.db)}` }),
  },
];
