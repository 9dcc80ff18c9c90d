import { type AuditActionType, type EntityType, NULL_UUID } from '@meridian/common';
import type { AuditRecorder } from '../modules/audit-logs/audited-action.js';
import type { AuditEntry } from '../modules/audit-logs/service.js';
import type { EntityMessages } from './entity-messages.js';

/** Message types of the entity actions the reference pushes to the rule engine. */
const MESSAGE_OF_ACTION: Partial<Record<AuditActionType, string>> = {
  ADDED: 'ENTITY_CREATED',
  UPDATED: 'ENTITY_UPDATED',
  DELETED: 'ENTITY_DELETED',
  ASSIGNED_TO_CUSTOMER: 'ENTITY_ASSIGNED',
  UNASSIGNED_FROM_CUSTOMER: 'ENTITY_UNASSIGNED',
  ASSIGNED_FROM_TENANT: 'ENTITY_ASSIGNED_FROM_TENANT',
  ASSIGNED_TO_TENANT: 'ENTITY_ASSIGNED_TO_TENANT',
  ALARM_ACK: 'ALARM_ACK',
  ALARM_CLEAR: 'ALARM_CLEAR',
  ALARM_DELETE: 'ALARM_DELETE',
  PROVISION_SUCCESS: 'PROVISION_SUCCESS',
  PROVISION_FAILURE: 'PROVISION_FAILURE',
};

const ASSIGNMENT_KEYS = [
  'assignedCustomerId',
  'assignedCustomerName',
  'unassignedCustomerId',
  'unassignedCustomerName',
];

/**
 * The audit log is where every entity action of the API is recorded; the reference's
 * EntityActionService sends the same actions to the rule engine. This recorder does both: it
 * records the entry, then tells the engine of successful actions of a tenant (the entity as data,
 * the acting user and assignment details as metadata). Attribute and time-series actions are told
 * by the telemetry API itself, which has their values.
 */
export class EntityActionRecorder implements AuditRecorder {
  private messages: EntityMessages | undefined;

  constructor(private readonly audit: AuditRecorder) {}

  /** The engine starts after the services that record actions; messages flow from then on. */
  attach(messages: EntityMessages): void {
    this.messages = messages;
  }

  async record(entry: AuditEntry): Promise<void> {
    await this.audit.record(entry);
    const type = MESSAGE_OF_ACTION[entry.actionType];
    const entity = entry.entityId;
    if (!this.messages || !type || entry.actionStatus !== 'SUCCESS' || !entity || entity.id === NULL_UUID)
      return;
    if (!entry.tenantId || entry.tenantId === NULL_UUID) return;
    const actionData = entry.actionData as Record<string, unknown> | undefined;
    const data =
      actionData && typeof actionData === 'object' && 'entity' in actionData ? actionData.entity : actionData;
    const metadata: Record<string, string> = {};
    for (const key of ASSIGNMENT_KEYS) {
      const value = actionData?.[key];
      if (typeof value === 'string') metadata[key] = value;
    }
    await this.messages.send(
      entry,
      {
        entityType: entity.entityType as EntityType,
        id: entity.id,
        tenantId: entry.tenantId,
        customerId: entry.customerId ?? undefined,
      },
      type,
      JSON.stringify(data ?? {}),
      metadata,
    );
  }

  confineToTenant(tenantId: string, data: unknown): Promise<unknown> {
    return this.audit.confineToTenant(tenantId, data);
  }
}
