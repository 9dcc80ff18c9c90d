import { randomBytes } from 'node:crypto';
import type { Caller, Case, Statuses } from './matrix.js';

/**
 * Rows of device and asset bulk import. Tenant administrators import into their own tenant (so the
 * administrator of another tenant succeeds too, inside that tenant); nobody else may import.
 */

//                                     anon  SA   TA   CU   TA2  CU2
const ANY_TENANT_ADMIN: Statuses = [401, 403, 200, 403, 200, 403];

const request =
  (kind: 'device' | 'asset'): Case['request'] =>
  (_ctx, caller: Caller) => ({
    path: `/api/${kind}/bulk_import`,
    json: {
      file: `name,type\nMatrix ${kind} ${caller} ${randomBytes(4).toString('hex')},matrix\n`,
      mapping: {
        columns: [{ type: 'NAME' }, { type: 'TYPE' }],
        delimiter: ',',
        header: true,
        update: true,
      },
    },
  });

export const BULK_IMPORT_CASES: Case[] = [
  {
    method: 'POST',
    route: '/api/device/bulk_import',
    statuses: ANY_TENANT_ADMIN,
    request: request('device'),
  },
  { method: 'POST', route: '/api/asset/bulk_import', statuses: ANY_TENANT_ADMIN, request: request('asset') },
];
