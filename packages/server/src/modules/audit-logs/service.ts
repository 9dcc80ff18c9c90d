import {
  AUDIT_ACTION_TYPES,
  type AuditActionStatus,
  type AuditActionType,
  NULL_UUID,
} from '@meridian/common';
import { v1 as uuidv1 } from 'uuid';
import { requireAccess } from '../../auth/policy.js';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/store.js';
import { badRequest } from '../../http/api-error.js';
import type { PageQuery } from '../../http/page-query.js';
import { loadOwners, ownerKey } from '../entities/owner.js';
import type { AuditLogFilter, AuditLogsRepo } from './repo.js';

/** One audit log entry to record. Owner and user ids may be NULL_UUID (stored as "none"). */
export interface AuditEntry {
  tenantId: string | null;
  customerId?: string | null;
  entityId?: { entityType: string; id: string } | null;
  /** Looked up from the entity when omitted. */
  entityName?: string | null;
  userId?: string | null;
  userName?: string | null;
  actionType: AuditActionType;
  actionData?: unknown;
  actionStatus: AuditActionStatus;
  actionFailureDetails?: string | null;
}

/** Query of the audit log lists: PAGE, TIME and the comma-separated actionTypes. */
export interface AuditLogPageQuery extends PageQuery {
  startTime?: number;
  endTime?: number;
  actionTypes?: string;
}

const ownerOrNull = (id: string | null | undefined) => (id && id !== NULL_UUID ? id : null);

/** The acting user's fields of an entry: tenant, user id and name (the email). */
export function actorOf(principal: Principal): Pick<AuditEntry, 'tenantId' | 'userId' | 'userName'> {
  return { tenantId: principal.tenantId, userId: principal.userId, userName: principal.sub };
}

/** The message recorded as failure details of a failed action. */
export const failureDetails = (error: unknown) => (error instanceof Error ? error.message : String(error));

function parseActionTypes(text: string | undefined): string[] | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const types = text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  for (const type of types) {
    if (!(AUDIT_ACTION_TYPES as readonly string[]).includes(type)) {
      throw badRequest(`Invalid request: query parameter 'actionTypes' has unknown action type '${type}'`);
    }
  }
  return types;
}

/**
 * The audit log: records what users did (reference AuditLogService) and lists it to tenant
 * administrators (AuditLogController). Recording never fails the action being recorded.
 */
export class AuditLogService {
  constructor(
    private readonly db: Db,
    private readonly repo: AuditLogsRepo,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  async record(entry: AuditEntry): Promise<void> {
    try {
      let entityName = entry.entityName ?? null;
      if (entityName === null && entry.entityId) {
        const owners = await loadOwners(this.db, [entry.entityId]);
        entityName = owners.get(ownerKey(entry.entityId))?.name ?? null;
      }
      await this.repo.insert({
        id: uuidv1(),
        createdTime: Date.now(),
        tenantId: ownerOrNull(entry.tenantId),
        customerId: ownerOrNull(entry.customerId),
        entityId: entry.entityId?.id ?? null,
        entityType: entry.entityId?.entityType ?? null,
        entityName: entityName === null ? null : entityName.slice(0, 255),
        userId: ownerOrNull(entry.userId),
        userName: entry.userName ? entry.userName.slice(0, 255) : null,
        actionType: entry.actionType,
        actionData: entry.actionData === undefined ? null : JSON.stringify(entry.actionData),
        actionStatus: entry.actionStatus,
        actionFailureDetails: entry.actionFailureDetails ?? null,
      });
    } catch (err) {
      this.log.warn({ err, actionType: entry.actionType }, 'audit log entry could not be recorded');
    }
  }

  private page(principal: Principal, filter: Omit<AuditLogFilter, 'tenantId'>, query: AuditLogPageQuery) {
    // Audit logs belong to the tenant: a list only ever shows the caller's own tenant's entries
    // (like the reference, a customer, user or entity of another tenant gives an empty page).
    requireAccess(principal, 'READ', 'TENANT', { id: principal.tenantId, tenantId: principal.tenantId });
    const { startTime, endTime, actionTypes, ...page } = query;
    return this.repo.page(
      {
        ...filter,
        tenantId: principal.tenantId,
        ...(startTime !== undefined ? { startTime } : {}),
        ...(endTime !== undefined ? { endTime } : {}),
        ...(actionTypes !== undefined ? { actionTypes: parseActionTypes(actionTypes) ?? [] } : {}),
      },
      page,
    );
  }

  pageByTenant(principal: Principal, query: AuditLogPageQuery) {
    return this.page(principal, {}, query);
  }

  pageByCustomer(principal: Principal, customerId: string, query: AuditLogPageQuery) {
    return this.page(principal, { customerId }, query);
  }

  pageByUser(principal: Principal, userId: string, query: AuditLogPageQuery) {
    return this.page(principal, { userId }, query);
  }

  pageByEntity(principal: Principal, entityType: string, entityId: string, query: AuditLogPageQuery) {
    return this.page(principal, { entity: { entityType, id: entityId } }, query);
  }
}
