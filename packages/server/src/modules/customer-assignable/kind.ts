import { NULL_UUID } from '@meridian/common';
import type { Target } from '../../auth/policy.js';
import type { Db } from '../../db/store.js';
import type { AuditSubject } from '../audit-logs/audited-action.js';

/** Stored owner fields of an entity a tenant can hand to a customer (device, asset, entity view). */
export interface AssignableRow {
  id: string;
  tenantId: string;
  customerId: string | null;
  name: string;
}

/**
 * Describes one kind of customer-assignable entity to the shared assignment code: where it is
 * stored, which policy resource guards it, and how it is loaded and written on the wire.
 */
export interface AssignableKind<R extends AssignableRow, W> {
  entityType: 'DEVICE' | 'ASSET' | 'ENTITY_VIEW';
  resource: 'DEVICE' | 'ASSET' | 'ENTITY_VIEW';
  /** SQL table; every one has `id`, `tenant_id`, `customer_id` and `type` columns. */
  table: 'device' | 'asset' | 'entity_view';
  /** Path segment of the reference routes: /api/customer/{customerId}/<segment>/{id}, /api/<segment>/types. */
  segment: 'device' | 'asset' | 'entityView';
  /** Name of the id path parameter, e.g. `deviceId`. */
  idParam: string;
  /** The reference's answer to unassigning an unassigned entity, e.g. "Device isn't assigned to any customer!". */
  notAssignedMessage: string;
  /** The reference's refusal to delete an entity that entity views still show; absent for entity views. */
  hasViewsMessage?: string;
  load(id: string, db?: Db): Promise<R | undefined>;
  toWire(row: R): W;
  /** Told after an assignment or unassignment committed (devices: connected sessions re-read the device). */
  customerChanged?(id: string): void;
}

/** The audit subject of a stored assignable entity: entries are filed under its current customer. */
export const assignableSubject = (
  kind: Pick<AssignableKind<AssignableRow, unknown>, 'entityType'>,
  row: AssignableRow,
): AuditSubject => ({ entityType: kind.entityType, id: row.id, name: row.name, customerId: row.customerId });

/** The access-policy target of a stored assignable entity ("no customer" is NULL_UUID, as on the wire). */
export const assignableTarget = (row: AssignableRow): Target => ({
  id: row.id,
  tenantId: row.tenantId,
  customerId: row.customerId ?? NULL_UUID,
});
