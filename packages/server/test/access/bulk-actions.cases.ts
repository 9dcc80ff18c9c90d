import { randomUUID } from 'node:crypto';
import { ANY_USER, type Case, type Statuses } from './matrix.js';

/**
 * Rows of the bulk actions. The routes answer 200 with a per-entity report to every user allowed
 * to call them; whether each entity may be touched is the entity service's decision, tested in
 * bulk-actions.test.ts. Rows name an entity that does not exist, so nothing is changed here.
 */

//                                 anon  SA   TA   CU   TA2  CU2
const ANY_TENANT_ADMIN: Statuses = [401, 403, 200, 403, 200, 403];

const missingDevice = () => [{ entityType: 'DEVICE', id: randomUUID() }];

export const BULK_ACTIONS_CASES: Case[] = [
  {
    method: 'POST',
    route: '/api/entities/bulk/delete',
    statuses: ANY_USER,
    request: () => ({ path: '/api/entities/bulk/delete', json: { entityIds: missingDevice() } }),
  },
  {
    method: 'POST',
    route: '/api/entities/bulk/assign',
    statuses: ANY_TENANT_ADMIN,
    request: (ctx) => ({
      path: '/api/entities/bulk/assign',
      json: { customerId: ctx.ids.customerAId, entityIds: missingDevice() },
    }),
  },
  {
    method: 'POST',
    route: '/api/entities/bulk/unassign',
    statuses: ANY_TENANT_ADMIN,
    request: () => ({ path: '/api/entities/bulk/unassign', json: { entityIds: missingDevice() } }),
  },
];
