import {
  ALARM_SEARCH_STATUSES,
  ALARM_STATUSES,
  type Alarm,
  type AlarmStatus,
  alarmStatusesForSearchStatus,
  ENTITY_TYPES,
  type EntityType,
  highestAlarmSeverity,
  type JsonValue,
  NULL_UUID,
} from '@meridian/common';
import { type Operation, requireAccess } from '../../auth/policy.js';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/store.js';
import { badRequest, forbidden, notFound } from '../../http/api-error.js';
import { type AuditedActionSpec, type AuditRecorder, auditedAction } from '../audit-logs/audited-action.js';
import {
  type EntityOwner,
  loadOwners,
  mayAccessEntity,
  ownerKey,
  requireEntityAccess,
} from '../entities/owner.js';
import type { AlarmFields, AlarmLifecycle } from './lifecycle.js';
import type { AlarmListScope, AlarmsRepo } from './repo.js';
import type { AlarmInput, AlarmPageQuery, AlarmStatusQuery } from './schemas.js';
import { type AlarmInfoRow, type AlarmRow, alarmInfoToWire, alarmToWire } from './wire.js';

export const ALARM_VALIDATION = {
  typeRequired: 'Alarm type should be specified!',
  originatorRequired: 'Alarm originator should be specified!',
  severityRequired: 'Alarm severity should be specified!',
  statusRequired: 'Alarm status should be specified!',
  originatorMissing: 'Alarm originator should be an existing entity of the tenant!',
  bothStatuses:
    "Invalid alarms search query: Both parameters 'searchStatus' and 'status' can't be specified at the same time!",
} as const;

const ownerOrNull = (id: string) => (id === NULL_UUID ? null : id);

/** The owner fields of an alarm, as the access policy reads them. */
const alarmTarget = (row: AlarmRow) => ({
  id: row.id,
  tenantId: row.tenantId,
  customerId: row.customerId ?? NULL_UUID,
});

/** The statuses a query selects: `searchStatus` or `status` (not both), absent for any. */
function statusesOf(query: AlarmStatusQuery): AlarmStatus[] | undefined {
  const searchStatus = query.searchStatus || undefined;
  const status = query.status || undefined;
  if (searchStatus !== undefined && status !== undefined) throw badRequest(ALARM_VALIDATION.bothStatuses);
  if (searchStatus !== undefined) {
    const known = ALARM_SEARCH_STATUSES.find((s) => s === searchStatus);
    if (!known) {
      throw badRequest(
        `Invalid request: query parameter 'searchStatus' must be one of ${ALARM_SEARCH_STATUSES.join(', ')}`,
      );
    }
    return known === 'ANY' ? undefined : alarmStatusesForSearchStatus(known);
  }
  if (status !== undefined) {
    const known = ALARM_STATUSES.find((s) => s === status);
    if (!known) {
      throw badRequest(
        `Invalid request: query parameter 'status' must be one of ${ALARM_STATUSES.join(', ')}`,
      );
    }
    return [known];
  }
  return undefined;
}

function entityTypeOf(value: string): EntityType {
  const type = ENTITY_TYPES.find((t) => t === value);
  if (!type) {
    throw badRequest(
      `Invalid request: path parameter 'entityType' must be one of ${ENTITY_TYPES.join(', ')}`,
    );
  }
  return type;
}

/** AlarmController (reference §1.3): access, validation and audit around the alarm lifecycle. */
export class AlarmsService {
  constructor(
    private readonly db: Db,
    private readonly repo: AlarmsRepo,
    private readonly lifecycle: AlarmLifecycle,
    private readonly audit: AuditRecorder,
  ) {}

  /** The stored alarm, if the principal may perform the operation on it: 404 / 403 otherwise. */
  private async load(principal: Principal, id: string, operation: Operation): Promise<AlarmRow> {
    const row = await this.repo.findById(id);
    if (!row) throw notFound();
    requireAccess(principal, operation, 'ALARM', alarmTarget(row));
    return row;
  }

  async get(principal: Principal, id: string): Promise<Alarm> {
    return alarmToWire(await this.load(principal, id, 'READ'));
  }

  /** GET /api/alarm/info/{id}: the originator's name is "N/A" when it is gone, as in the reference. */
  async getInfo(principal: Principal, id: string) {
    await this.load(principal, id, 'READ');
    const row = await this.repo.findInfoById(id);
    if (!row) throw notFound();
    return alarmInfoToWire({ ...row, originatorName: row.originatorName ?? 'N/A' });
  }

  /**
   * POST /api/alarm: creates the alarm, or updates the active alarm of its type on the originator
   * instead; with an id, updates that alarm. Recorded as ADDED or UPDATED on the originator.
   */
  async save(principal: Principal, input: AlarmInput): Promise<Alarm> {
    const id = input.id?.id;
    const stored = id ? await this.load(principal, id, 'WRITE') : undefined;
    if (!stored) {
      requireAccess(principal, 'CREATE', 'ALARM', {
        tenantId: principal.tenantId,
        customerId: principal.customerId,
      });
    }
    // A failure is filed on the stored alarm's originator, or on no entity (the reference's empty
    // alarm id) when creating: the given originator may belong to someone else.
    const spec: AuditedActionSpec<Alarm> = {
      actionType: stored ? 'UPDATED' : 'ADDED',
      subject: stored
        ? {
            entityType: stored.originatorType as EntityType,
            id: stored.originatorId,
            name: stored.type,
            customerId: principal.customerId,
          }
        : { entityType: 'ALARM', name: input.type ?? null, customerId: principal.customerId },
      data: { entity: input },
      onSuccess: (alarm) => ({
        subject: {
          entityType: alarm.originator.entityType,
          id: alarm.originator.id,
          name: alarm.type,
          customerId: principal.customerId,
        },
        data: { entity: alarm },
      }),
    };
    return auditedAction(this.audit, principal, spec, () => this.saveChecked(principal, input, stored));
  }

  private async saveChecked(principal: Principal, input: AlarmInput, stored: AlarmRow | undefined) {
    if (!input.type) throw badRequest(ALARM_VALIDATION.typeRequired);
    if (!input.originator) throw badRequest(ALARM_VALIDATION.originatorRequired);
    if (!input.severity) throw badRequest(ALARM_VALIDATION.severityRequired);
    if (!input.status) throw badRequest(ALARM_VALIDATION.statusRequired);
    const owner = await this.originatorOwner(principal, input.originator);
    const fields: AlarmFields = {
      type: stored?.type ?? input.type,
      severity: input.severity,
      status: input.status,
      startTs: input.startTs ?? 0,
      endTs: input.endTs ?? 0,
      ackTs: input.ackTs ?? 0,
      clearTs: input.clearTs ?? 0,
      details: input.details === undefined ? null : (input.details as JsonValue),
      propagate: input.propagate ?? false,
      propagateToOwner: input.propagateToOwner ?? false,
      propagateToTenant: input.propagateToTenant ?? false,
      propagateRelationTypes: input.propagateRelationTypes ?? null,
    };
    if (stored) {
      // The originator of an alarm never changes: its customer is the stored originator's.
      const storedOriginator = { entityType: stored.originatorType, id: stored.originatorId };
      const storedOwner = (await loadOwners(this.db, [storedOriginator])).get(ownerKey(storedOriginator));
      const customerId = storedOwner ? ownerOrNull(storedOwner.customerId ?? NULL_UUID) : stored.customerId;
      const updated = await this.lifecycle.update(stored.id, fields, customerId);
      if (!updated) throw notFound();
      return alarmToWire(updated);
    }
    const { alarm } = await this.lifecycle.createOrUpdateActive({
      ...fields,
      tenantId: principal.tenantId,
      originator: { entityType: owner.entityType, id: owner.id },
      customerId: ownerOrNull(owner.customerId ?? NULL_UUID),
    });
    return alarmToWire(alarm);
  }

  /**
   * The originator of a saved alarm: an existing entity of the caller's tenant (400 otherwise, so
   * nothing is told about other tenants), which a customer user must be able to read.
   */
  private async originatorOwner(
    principal: Principal,
    originator: { entityType: string; id: string },
  ): Promise<EntityOwner> {
    const owner = (await loadOwners(this.db, [originator])).get(ownerKey(originator));
    if (!owner || owner.tenantId !== principal.tenantId) throw badRequest(ALARM_VALIDATION.originatorMissing);
    if (!mayAccessEntity(principal, 'READ', owner)) throw forbidden();
    return owner;
  }

  /** DELETE /api/alarm/{id}: true once deleted; recorded as ALARM_DELETE on the originator. */
  async delete(principal: Principal, id: string): Promise<boolean> {
    const row = await this.load(principal, id, 'DELETE');
    return auditedAction(
      this.audit,
      principal,
      this.auditOf(principal, row, 'ALARM_DELETE', { entityId: row.id }),
      () => this.lifecycle.delete(row),
    );
  }

  /** POST /api/alarm/{id}/ack: acknowledging an acknowledged alarm changes nothing. */
  async ack(principal: Principal, id: string): Promise<void> {
    const row = await this.load(principal, id, 'WRITE');
    await auditedAction(this.audit, principal, this.auditOf(principal, row, 'ALARM_ACK'), async () => {
      const result = await this.lifecycle.ack(id);
      if (!result) throw notFound();
      return result.alarm;
    });
  }

  /** POST /api/alarm/{id}/clear: clearing a cleared alarm changes nothing. */
  async clear(principal: Principal, id: string): Promise<void> {
    const row = await this.load(principal, id, 'WRITE');
    await auditedAction(this.audit, principal, this.auditOf(principal, row, 'ALARM_CLEAR'), async () => {
      const result = await this.lifecycle.clear(id);
      if (!result) throw notFound();
      return result.alarm;
    });
  }

  /** The audit entry of an action on an alarm: filed on its originator, named by its type. */
  private auditOf<T>(
    principal: Principal,
    row: AlarmRow,
    actionType: 'ALARM_ACK' | 'ALARM_CLEAR' | 'ALARM_DELETE',
    data?: unknown,
  ): AuditedActionSpec<T> {
    return {
      actionType,
      subject: {
        entityType: row.originatorType as EntityType,
        id: row.originatorId,
        name: row.type,
        customerId: principal.customerId,
      },
      data: data ?? { entity: alarmToWire(row) },
      onSuccess: (result) => ({
        data: data ?? { entity: alarmToWire(result as AlarmRow) },
      }),
    };
  }

  /**
   * GET /api/alarm/{entityType}/{entityId}: the alarms linked to an entity the caller may read,
   * propagated ones included. A system administrator may read those of a tenant.
   */
  async listForEntity(principal: Principal, entityType: string, entityId: string, query: AlarmPageQuery) {
    const type = entityTypeOf(entityType);
    const statuses = statusesOf(query);
    const owner = await requireEntityAccess(this.db, principal, 'READ', { entityType: type, id: entityId });
    const scope: AlarmListScope = {
      kind: 'entity',
      tenantId: owner.tenantId,
      entity: { entityType: type, id: owner.id },
    };
    return this.page(scope, statuses, query);
  }

  /** GET /api/alarms: every alarm of the caller's tenant, or of a customer user's customer. */
  async listAll(principal: Principal, query: AlarmPageQuery) {
    const statuses = statusesOf(query);
    requireAccess(principal, 'READ', 'ALARM');
    const scope: AlarmListScope =
      principal.authority === 'CUSTOMER_USER'
        ? { kind: 'customer', tenantId: principal.tenantId, customerId: principal.customerId }
        : { kind: 'tenant', tenantId: principal.tenantId };
    return this.page(scope, statuses, query);
  }

  private page(scope: AlarmListScope, statuses: AlarmStatus[] | undefined, query: AlarmPageQuery) {
    const { startTime, endTime, fetchOriginator, searchStatus: _s, status: _t, ...page } = query;
    if (startTime !== undefined && endTime !== undefined && endTime < startTime) {
      throw badRequest("Invalid request: query parameter 'endTime' must not be before 'startTime'");
    }
    return this.repo.page(
      scope,
      {
        ...(startTime !== undefined ? { startTime } : {}),
        ...(endTime !== undefined ? { endTime } : {}),
        ...(statuses ? { statuses } : {}),
      },
      page,
      fetchOriginator === true,
      (row: AlarmInfoRow) => alarmInfoToWire(row),
    );
  }

  /** GET /api/alarm/highestSeverity/{entityType}/{entityId}: the severity, or null for none. */
  async highestSeverity(principal: Principal, entityType: string, entityId: string, query: AlarmStatusQuery) {
    const type = entityTypeOf(entityType);
    const statuses = statusesOf(query);
    const owner = await requireEntityAccess(this.db, principal, 'READ', { entityType: type, id: entityId });
    const severities = await this.repo.severities(
      owner.tenantId,
      { entityType: type, id: owner.id },
      statuses,
    );
    return highestAlarmSeverity(severities);
  }
}
