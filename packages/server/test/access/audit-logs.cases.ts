import { v1 as uuidv1 } from 'uuid';
import type { Case, Ctx, Statuses } from './matrix.js';
import { demoDevice } from './relations.cases.js';

/**
 * Rows of the audit log API (AuditLogController): tenant administrators only. Like the reference,
 * the lists never check the customer, user or entity named in the path: they only ever show the
 * caller's own tenant's entries, so another tenant's administrator gets an empty page (200), and
 * the leak check makes sure it holds nothing of the Demo Tenant.
 */

//                              anon  SA   TA   CU   TA2  CU2
const AUDIT: Statuses = [401, 403, 200, 403, 200, 403];
const PAGE_AND_TIME = `pageSize=50&page=0&startTime=0&endTime=${Date.UTC(2100, 0, 1)}`;

/**
 * Records an entry of the Demo Tenant's customer user on Test Device A1, so that every list below
 * has an entry of the Demo Tenant and Customer A that another tenant must not see.
 */
async function recordEntry(ctx: Ctx): Promise<{ deviceId: string }> {
  const deviceId = await demoDevice(ctx.db, 'Test Device A1');
  await ctx.db
    .insertInto('auditLog')
    .values({
      id: uuidv1(),
      createdTime: Date.now(),
      tenantId: ctx.ids.tenantId,
      customerId: ctx.ids.customerAId,
      entityId: deviceId,
      entityType: 'DEVICE',
      entityName: 'Test Device A1',
      userId: ctx.ids.customerUserId,
      userName: 'customer@meridian.local',
      actionType: 'ATTRIBUTES_UPDATED',
      actionData: JSON.stringify({ entityId: deviceId }),
      actionStatus: 'SUCCESS',
      actionFailureDetails: null,
    })
    .execute();
  return { deviceId };
}

export const AUDIT_LOGS_CASES: Case[] = [
  {
    method: 'GET',
    route: '/api/audit/logs',
    statuses: AUDIT,
    request: async (ctx) => {
      await recordEntry(ctx);
      return { path: `/api/audit/logs?${PAGE_AND_TIME}` };
    },
  },
  {
    method: 'GET',
    route: '/api/audit/logs/customer/:customerId',
    statuses: AUDIT,
    request: async (ctx) => {
      await recordEntry(ctx);
      return { path: `/api/audit/logs/customer/${ctx.ids.customerAId}?${PAGE_AND_TIME}` };
    },
  },
  {
    method: 'GET',
    route: '/api/audit/logs/user/:userId',
    statuses: AUDIT,
    request: async (ctx) => {
      await recordEntry(ctx);
      return { path: `/api/audit/logs/user/${ctx.ids.customerUserId}?${PAGE_AND_TIME}` };
    },
  },
  {
    method: 'GET',
    route: '/api/audit/logs/entity/:entityType/:entityId',
    statuses: AUDIT,
    request: async (ctx) => {
      const { deviceId } = await recordEntry(ctx);
      return {
        path: `/api/audit/logs/entity/DEVICE/${deviceId}?${PAGE_AND_TIME}&actionTypes=ATTRIBUTES_UPDATED`,
      };
    },
  },
];
