import {
  AUDIT_ACTION_TYPES,
  type AuditActionStatus,
  type AuditActionType,
  NULL_UUID,
} from '@meridian/common';
import { type Insertable, sql } from 'kysely';
import { v1 as uuidv1 } from 'uuid';
import { requireAccess } from '../../auth/policy.js';
import type { Principal } from '../../auth/principal.js';
import type { AuditLogTable } from '../../db/schema.js';
import type { Db } from '../../db/store.js';
import { badRequest } from '../../http/api-error.js';
import type { PageQuery } from '../../http/page-query.js';
import { loadOwners, ownerKey } from '../entities/owner.js';
import { type AuditLogLevels, auditLogEnabled, DEFAULT_AUDIT_LOG_LEVELS } from './levels.js';
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

/** Rows per multi-row INSERT of {@link AuditLogService.recordMany}: 13 columns each. */
const ROWS_PER_INSERT = 1000;

/** The stored row of an entry; `entityName` is the one given or looked up. */
function rowOf(entry: AuditEntry, entityName: string | null, createdTime: number): Insertable<AuditLogTable> {
  return {
    id: uuidv1(),
    createdTime,
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
  };
}

/** The acting user's fields of an entry: tenant, user id and name (the email). */
export function actorOf(principal: Principal): Pick<AuditEntry, 'tenantId' | 'userId' | 'userName'> {
  return { tenantId: principal.tenantId, userId: principal.userId, userName: principal.sub };
}

/** The message recorded as failure details of a failed action. */
export const failureDetails = (error: unknown) => (error instanceof Error ? error.message : String(error));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type EntityRef = { entityType: string; id: string };

const isEntityRef = (value: unknown): value is EntityRef =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  typeof (value as { entityType?: unknown }).entityType === 'string' &&
  typeof (value as { id?: unknown }).id === 'string';

/** Every entity reference `{entityType, id}` in a JSON value. */
function collectRefs(value: unknown, out: EntityRef[]): EntityRef[] {
  if (isEntityRef(value)) out.push(value);
  else if (Array.isArray(value)) for (const item of value) collectRefs(item, out);
  else if (typeof value === 'object' && value !== null)
    for (const item of Object.values(value)) collectRefs(item, out);
  return out;
}

/** The value with every reference that `keep` refuses replaced by null. */
function replaceRefs(value: unknown, keep: (ref: EntityRef) => boolean): unknown {
  if (isEntityRef(value)) return keep(value) ? value : null;
  if (Array.isArray(value)) return value.map((item) => replaceRefs(item, keep));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceRefs(v, keep)]));
  return value;
}

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
  /**
   * Which actions are kept per entity type (reference logging-level masks); an entry about an
   * entity whose type's mask excludes the action is dropped. May be changed at run time.
   */
  levels: Readonly<AuditLogLevels>;

  constructor(
    private readonly db: Db,
    private readonly repo: AuditLogsRepo,
    private readonly log: { warn(obj: object, msg: string): void },
    levels: Readonly<AuditLogLevels> = DEFAULT_AUDIT_LOG_LEVELS,
  ) {
    this.levels = levels;
  }

  /** Is the entry kept under the logging levels? Entries about no entity always are. */
  private enabled(entry: AuditEntry): boolean {
    return !entry.entityId || auditLogEnabled(this.levels, entry.entityId.entityType, entry.actionType);
  }

  async record(entry: AuditEntry): Promise<void> {
    if (!this.enabled(entry)) return;
    try {
      let entityName = entry.entityName ?? null;
      if (entityName === null && entry.entityId) {
        const owners = await loadOwners(this.db, [entry.entityId]);
        entityName = owners.get(ownerKey(entry.entityId))?.name ?? null;
      }
      await this.repo.insert(rowOf(entry, entityName, Date.now()));
    } catch (err) {
      this.log.warn({ err, actionType: entry.actionType }, 'audit log entry could not be recorded');
    }
  }

  /**
   * Records many entries as {@link record} does (same levels, same rows, names looked up when
   * omitted), with one multi-row statement per 1000 entries in the caller's transaction `trx`, so
   * they commit with what they describe. Never throws: inside a transaction the entries are written
   * under a savepoint, so a failure to store them is rolled back alone and leaves the caller's
   * transaction usable.
   */
  async recordMany(entries: readonly AuditEntry[], trx: Db): Promise<void> {
    const kept = entries.filter((entry) => this.enabled(entry));
    if (kept.length === 0) return;
    const savepoint = trx.isTransaction;
    try {
      if (savepoint) await sql`savepoint audit_record_many`.execute(trx);
      const unnamed = kept.flatMap((entry) =>
        (entry.entityName ?? null) === null && entry.entityId ? [entry.entityId] : [],
      );
      const owners = unnamed.length > 0 ? await loadOwners(trx, unnamed) : new Map();
      const now = Date.now();
      const rows = kept.map((entry) => {
        const name = entry.entityName ?? (entry.entityId ? owners.get(ownerKey(entry.entityId))?.name : null);
        return rowOf(entry, name ?? null, now);
      });
      // Written here rather than by the repo, whose statements run outside the caller's transaction.
      for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
        await trx
          .insertInto('auditLog')
          .values(rows.slice(i, i + ROWS_PER_INSERT))
          .execute();
      }
      if (savepoint) await sql`release savepoint audit_record_many`.execute(trx);
    } catch (err) {
      if (savepoint) {
        try {
          await sql`rollback to savepoint audit_record_many`.execute(trx);
        } catch (rollbackErr) {
          this.log.warn({ err: rollbackErr }, 'audit log savepoint could not be rolled back');
        }
      }
      this.log.warn({ err, entries: kept.length }, 'audit log entries could not be recorded');
    }
  }

  /**
   * The action data with every entity reference that is not of the tenant replaced by null (the
   * "none" id stays). A failure entry repeats what the caller sent, and ids of another tenant's
   * entities must not end up in this tenant's log. Never throws: on error the data is dropped.
   */
  async confineToTenant(tenantId: string, data: unknown): Promise<unknown> {
    try {
      const refs = collectRefs(data, []).filter((ref) => ref.id !== NULL_UUID && UUID.test(ref.id));
      const owners = refs.length === 0 ? new Map() : await loadOwners(this.db, refs);
      return replaceRefs(data, (ref) => {
        if (ref.id === NULL_UUID) return true;
        const owner = owners.get(ownerKey(ref));
        return owner !== undefined && owner.tenantId === tenantId;
      });
    } catch (err) {
      this.log.warn({ err }, 'audit log action data could not be checked');
      return null;
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
