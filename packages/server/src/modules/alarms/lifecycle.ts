import {
  type Alarm,
  type AlarmSeverity,
  type AlarmStatus,
  acknowledgedAlarmStatus,
  clearedAlarmStatus,
  ErrorCode,
  isAlarmAcknowledged,
  isAlarmActive,
  type JsonValue,
} from '@meridian/common';
import { v1 as uuidv1 } from 'uuid';
import { jsonText } from '../../db/json-column.js';
import { violatedUnique } from '../../db/sql-errors.js';
import type { Db } from '../../db/store.js';
import { ApiError, badRequest } from '../../http/api-error.js';
import type { AlarmEvent, AlarmEvents } from './events.js';
import { propagationTargets } from './propagation.js';
import type { AlarmsRepo, EntityRef } from './repo.js';
import { type AlarmRow, relationTypesOf } from './wire.js';

/**
 * The fields of an alarm a writer gives (the reference Alarm without id, tenant, customer and
 * originator). A startTs of 0 means now; an endTs of 0 means startTs.
 */
export type AlarmFields = Pick<
  Alarm,
  | 'type'
  | 'severity'
  | 'status'
  | 'startTs'
  | 'endTs'
  | 'ackTs'
  | 'clearTs'
  | 'propagate'
  | 'propagateToOwner'
  | 'propagateToTenant'
  | 'propagateRelationTypes'
> & { details: JsonValue | null };

/** A new alarm: its fields, its tenant, its originator and the originator's customer. */
export interface NewAlarm extends AlarmFields {
  tenantId: string;
  originator: EntityRef;
  customerId: string | null;
}

/** What the rule engine changes on an alarm it keeps raising. */
export interface ActiveAlarmUpdate {
  severity: AlarmSeverity;
  endTs: number;
  details: JsonValue | null;
}

export const ALARM_MESSAGES = {
  alreadyActive: 'An active alarm of this type already exists for the originator!',
  creationDisabled: 'Alarms creation is disabled due to API limits!',
} as const;

function union(existing: string[] | null, added: string[] | null): string[] | null {
  if (!added || added.length === 0) return existing;
  if (!existing || existing.length === 0) return added;
  return [...new Set([...existing, ...added])];
}

/**
 * Every write of alarms, for the REST API and the device-profile alarm rules alike (reference
 * BaseAlarmService): each in one transaction with the alarm's links to the entities it shows on,
 * each heard by the alarm listeners after it committed. No access checks: callers make them.
 */
/** The tenants' monthly count of created alarms and its limit (`maxCreatedAlarms`). */
export interface CreatedAlarmsUsage {
  enabled(tenantId: string, feature: 'ALARM'): boolean;
  report(tenantId: string, record: 'CREATED_ALARMS_COUNT'): void;
}

const UNLIMITED: CreatedAlarmsUsage = { enabled: () => true, report: () => {} };

export class AlarmLifecycle {
  constructor(
    private readonly db: Db,
    private readonly repo: AlarmsRepo,
    private readonly events: AlarmEvents,
    private readonly now: () => number = Date.now,
    private readonly usage: CreatedAlarmsUsage = UNLIMITED,
  ) {}

  /**
   * Creates the alarm, or updates the active alarm of its type on its originator instead (reference
   * createOrUpdateAlarm without id): one active alarm per originator and type. Once the tenant's
   * created alarms of the month reached the profile's `maxCreatedAlarms`, a new alarm is refused
   * (429); an active one is still updated.
   */
  async createOrUpdateActive(input: NewAlarm): Promise<{ alarm: AlarmRow; created: boolean }> {
    const startTs = input.startTs || this.now();
    const fields = { ...input, startTs, endTs: input.endTs || startTs };
    const result = await this.db.transaction().execute(async (trx) => {
      const active = await this.repo.findActive(input.originator.id, input.type, trx);
      if (!active) {
        if (!this.usage.enabled(input.tenantId, 'ALARM'))
          throw new ApiError(ErrorCode.TOO_MANY_REQUESTS, ALARM_MESSAGES.creationDisabled);
        const row: AlarmRow = {
          id: uuidv1(),
          createdTime: this.now(),
          tenantId: input.tenantId,
          customerId: input.customerId,
          originatorId: input.originator.id,
          originatorType: input.originator.entityType,
          type: input.type,
          severity: fields.severity,
          status: fields.status,
          startTs: fields.startTs,
          endTs: fields.endTs,
          ackTs: fields.ackTs,
          clearTs: fields.clearTs,
          details: fields.details,
          propagate: fields.propagate,
          propagateToOwner: fields.propagateToOwner,
          propagateToTenant: fields.propagateToTenant,
          propagateRelationTypes: fields.propagateRelationTypes,
        };
        const inserted = await this.repo.insertUnlessActive(
          {
            ...row,
            details: jsonText(row.details),
            propagateRelationTypes: jsonText(row.propagateRelationTypes),
          },
          trx,
        );
        if (inserted) {
          await this.repo.link(row, await propagationTargets(trx, row), trx);
          return { alarm: row, created: true };
        }
      }
      // An active alarm exists (or another writer just created one): it is updated instead.
      const current = active ?? (await this.repo.findActive(input.originator.id, input.type, trx));
      if (!current) throw new Error('active alarm vanished while being updated');
      return { alarm: await this.merge(trx, current, fields, input.customerId), created: false };
    });
    if (result.created) this.usage.report(input.tenantId, 'CREATED_ALARMS_COUNT');
    this.emit({ type: 'ALARM_SAVED', alarm: result.alarm });
    return result;
  }

  /**
   * Updates the stored alarm with the given fields (reference updateAlarm with an id); undefined when
   * there is no such alarm. Turning a cleared alarm active while another of its type is active is a
   * 400.
   */
  async update(id: string, fields: AlarmFields, customerId: string | null): Promise<AlarmRow | undefined> {
    try {
      const alarm = await this.db.transaction().execute(async (trx) => {
        const stored = await this.repo.findById(id, trx);
        return stored ? this.merge(trx, stored, fields, customerId) : undefined;
      });
      if (alarm) this.emit({ type: 'ALARM_SAVED', alarm });
      return alarm;
    } catch (error) {
      if (violatedUnique(error) === 'idx_alarm_one_active') throw badRequest(ALARM_MESSAGES.alreadyActive);
      throw error;
    }
  }

  /**
   * The reference's merge: timestamps only move forward, status, severity, details and customer are
   * replaced, propagation flags and relation types only grow; links are added when they did.
   */
  private async merge(trx: Db, stored: AlarmRow, fields: AlarmFields, customerId: string | null) {
    const relationTypes = union(relationTypesOf(stored), fields.propagateRelationTypes);
    const propagationGrew =
      (!stored.propagate && fields.propagate) ||
      (!stored.propagateToOwner && fields.propagateToOwner) ||
      (!stored.propagateToTenant && fields.propagateToTenant) ||
      (relationTypes?.length ?? 0) > (relationTypesOf(stored)?.length ?? 0);
    const updated = await this.repo.update(
      stored.id,
      {
        endTs: Math.max(stored.endTs, fields.startTs, fields.endTs),
        clearTs: Math.max(stored.clearTs, fields.clearTs),
        ackTs: Math.max(stored.ackTs, fields.ackTs),
        status: fields.status,
        severity: fields.severity,
        details: jsonText(fields.details),
        customerId,
        propagate: stored.propagate || fields.propagate,
        propagateToOwner: stored.propagateToOwner || fields.propagateToOwner,
        propagateToTenant: stored.propagateToTenant || fields.propagateToTenant,
        propagateRelationTypes: jsonText(relationTypes),
      },
      trx,
    );
    if (!updated) throw new Error(`alarm ${stored.id} vanished while being updated`);
    if (propagationGrew) await this.repo.link(updated, await propagationTargets(trx, updated), trx);
    return updated;
  }

  /**
   * Severity, end time and details of an alarm the rule engine keeps raising; undefined when the
   * alarm is gone or no longer active, so the caller raises a new one.
   */
  async updateActive(id: string, update: ActiveAlarmUpdate): Promise<AlarmRow | undefined> {
    const alarm = await this.db.transaction().execute(async (trx) => {
      const stored = await this.repo.findById(id, trx);
      if (!stored || !isAlarmActive(stored.status as AlarmStatus)) return undefined;
      return this.repo.update(
        id,
        {
          severity: update.severity,
          endTs: Math.max(stored.endTs, update.endTs),
          details: jsonText(update.details),
        },
        trx,
      );
    });
    if (alarm) this.emit({ type: 'ALARM_SAVED', alarm });
    return alarm;
  }

  /** Acknowledges the alarm; an acknowledged one is left as it is (changed: false). */
  ack(id: string, ackTs: number = this.now()) {
    return this.transition(id, 'ALARM_ACK', (stored) =>
      isAlarmAcknowledged(stored.status as AlarmStatus)
        ? undefined
        : { status: acknowledgedAlarmStatus(stored.status as AlarmStatus), ackTs },
    );
  }

  /** Clears the alarm, replacing its details when given; a cleared one is left as it is. */
  clear(id: string, details?: JsonValue | null, clearTs: number = this.now()) {
    return this.transition(id, 'ALARM_CLEAR', (stored) =>
      isAlarmActive(stored.status as AlarmStatus)
        ? {
            status: clearedAlarmStatus(stored.status as AlarmStatus),
            clearTs,
            ...(details === undefined || details === null ? {} : { details: jsonText(details) }),
          }
        : undefined,
    );
  }

  private async transition(
    id: string,
    type: 'ALARM_ACK' | 'ALARM_CLEAR',
    change: (stored: AlarmRow) => Parameters<AlarmsRepo['update']>[1] | undefined,
  ): Promise<{ alarm: AlarmRow; changed: boolean } | undefined> {
    const result = await this.db.transaction().execute(async (trx) => {
      const stored = await this.repo.findById(id, trx);
      if (!stored) return undefined;
      const changes = change(stored);
      if (!changes) return { alarm: stored, changed: false };
      const alarm = await this.repo.update(id, changes, trx);
      return alarm ? { alarm, changed: true } : undefined;
    });
    if (result?.changed) this.emit({ type, alarm: result.alarm });
    return result;
  }

  /** Deletes the alarm and its links; false when there was none. */
  async delete(alarm: AlarmRow): Promise<boolean> {
    const deleted = await this.repo.delete(alarm.id);
    if (deleted) this.emit({ type: 'ALARM_DELETE', alarm });
    return deleted;
  }

  private emit(event: AlarmEvent): void {
    this.events.emit(event);
  }
}
