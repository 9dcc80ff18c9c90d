import { type KvEntry, NULL_UUID } from '@meridian/common';
import type { Principal } from '../../auth/principal.js';
import { valueAsString } from '../../telemetry/values.js';
import { type AuditRecorder, recordAction } from '../audit-logs/audited-action.js';
import type { EntityOwner } from '../entities/owner.js';

/**
 * Audit entries of attribute writes through the REST API, as the reference's TelemetryController
 * records them: ATTRIBUTES_UPDATED with `{entityId, scope, attributes: {key: value as text}}`,
 * ATTRIBUTES_DELETED with `{entityId, scope, attributes: [keys]}`, filed under the acting user's
 * customer. Failures of the store are recorded as FAILURE; refused input (bad scope, body, keys) is
 * not recorded, as in the reference.
 */
export class AttributeAudit {
  constructor(private readonly audit: AuditRecorder) {}

  updated(principal: Principal, owner: EntityOwner, scope: string, entries: KvEntry[], error?: unknown) {
    const attributes = Object.fromEntries(entries.map((entry) => [entry.key, valueAsString(entry.value)]));
    return this.record(
      principal,
      owner,
      'ATTRIBUTES_UPDATED',
      { entityId: owner.id, scope, attributes },
      error,
    );
  }

  deleted(principal: Principal, owner: EntityOwner, scope: string, keys: string[], error?: unknown) {
    return this.record(
      principal,
      owner,
      'ATTRIBUTES_DELETED',
      { entityId: owner.id, scope, attributes: keys },
      error,
    );
  }

  private record(
    principal: Principal,
    owner: EntityOwner,
    actionType: 'ATTRIBUTES_UPDATED' | 'ATTRIBUTES_DELETED',
    data: unknown,
    error: unknown,
  ): Promise<void> {
    const customerId = principal.customerId === NULL_UUID ? null : principal.customerId;
    const subject = { entityType: owner.entityType, id: owner.id, name: owner.name, customerId };
    return recordAction(this.audit, principal, actionType, subject, data, error);
  }
}
