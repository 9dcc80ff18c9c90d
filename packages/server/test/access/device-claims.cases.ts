import { randomBytes } from 'node:crypto';
import { v1 as uuidv1 } from 'uuid';
import type { Db } from '../../src/db/store.js';
import { TelemetryRepo } from '../../src/telemetry/repo.js';
import { TelemetryService } from '../../src/telemetry/service.js';
import type { DemoIds } from '../helper.js';
import type { Case, Statuses } from './matrix.js';

/**
 * Rows of device claiming (DeviceController claimDevice / reClaimDevice). Every caller gets a
 * device of its own in the Demo Tenant, so a successful claim or re-claim does not change what the
 * next caller sees.
 */

//                                   anon  SA   TA   CU   TA2  CU2
const CUSTOMER_USERS_OF_TENANT: Statuses = [401, 403, 403, 200, 403, 200];
const OWNER_OF_DEVICE_OF_A: Statuses = [401, 403, 200, 200, 404, 403];

const SECRET = 'matrix-secret';

/** A new device of the Demo Tenant, of Customer A or of no customer; returns its name. */
async function freshDevice(
  db: Db,
  ids: DemoIds,
  customerId: string | null,
): Promise<{ id: string; name: string }> {
  const profile = await db
    .selectFrom('deviceProfile')
    .select('id')
    .where('tenantId', '=', ids.tenantId)
    .where('isDefault', '=', true)
    .executeTakeFirstOrThrow();
  const id = uuidv1();
  const name = `Claim matrix ${randomBytes(4).toString('hex')}`;
  await db
    .insertInto('device')
    .values({
      id,
      createdTime: Date.now(),
      tenantId: ids.tenantId,
      customerId,
      deviceProfileId: profile.id,
      name,
      type: 'default',
      deviceData: JSON.stringify({
        configuration: { type: 'DEFAULT' },
        transportConfiguration: { type: 'DEFAULT' },
      }),
      additionalInfo: '{}',
    })
    .execute();
  return { id, name };
}

/**
 * An unassigned device with an open claim in its `claimingData` server attribute (the claim a
 * device announces lives in the server's memory, out of the matrix's reach).
 */
async function claimableDevice(db: Db, ids: DemoIds): Promise<string> {
  const device = await freshDevice(db, ids, null);
  const claim = JSON.stringify({ secretKey: SECRET, expirationTime: Date.now() + 60_000 });
  await new TelemetryService(new TelemetryRepo(db)).saveAttributes(
    { entityType: 'DEVICE', id: device.id },
    'SERVER_SCOPE',
    [{ key: 'claimingData', value: { type: 'JSON', value: claim } }],
  );
  return device.name;
}

const claimPath = (name: string) => `/api/customer/device/${encodeURIComponent(name)}/claim`;

export const DEVICE_CLAIMS_CASES: Case[] = [
  {
    method: 'POST',
    route: '/api/customer/device/:deviceId/claim',
    statuses: CUSTOMER_USERS_OF_TENANT,
    request: async (ctx) => ({
      path: claimPath(await claimableDevice(ctx.db, ctx.ids)),
      json: { secretKey: SECRET },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/customer/device/:deviceId/claim',
    statuses: OWNER_OF_DEVICE_OF_A,
    request: async (ctx) => ({
      path: claimPath((await freshDevice(ctx.db, ctx.ids, ctx.ids.customerAId)).name),
    }),
  },
];
