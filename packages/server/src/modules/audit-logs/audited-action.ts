import { type AuditActionType, type EntityType, NULL_UUID } from '@meridian/common';
import type { Principal } from '../../auth/principal.js';
import { ApiError } from '../../http/api-error.js';
import { type AuditEntry, actorOf, failureDetails } from './service.js';

/** What records audit entries: the AuditLogService. */
export interface AuditRecorder {
  record(entry: AuditEntry): Promise<void>;
  confineToTenant(tenantId: string, data: unknown): Promise<unknown>;
}

/** The entity an entry is about. */
export interface AuditSubject {
  entityType: EntityType;
  /** Absent for an entity not created yet: the entry gets the reference's empty id (NULL_UUID). */
  id?: string | null;
  name?: string | null;
  /** The customer the entry is filed under; absent or null: none. */
  customerId?: string | null;
}

export interface AuditedActionSpec<T> {
  actionType: AuditActionType;
  /** The entity as known before the operation: a failure entry is about it. */
  subject: AuditSubject;
  /** Action data of a failure entry, and of the success entry unless `onSuccess` gives its own. */
  data?: unknown;
  /** Subject and action data of the success entry, from the operation's result. */
  onSuccess?: (result: T) => { subject?: AuditSubject; data?: unknown };
}

/**
 * Refusals are not recorded: an unauthenticated, forbidden or unknown-entity answer means the
 * caller had no business with the entity, and an entry would let them write into a log (or learn
 * about an entity) they have no access to.
 */
const isRefusal = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403 || error.status === 404);

/** Records one action of the principal on the subject: SUCCESS, or FAILURE with the error's message. */
export function recordAction(
  audit: AuditRecorder,
  principal: Principal,
  actionType: AuditActionType,
  subject: AuditSubject,
  data: unknown,
  error?: unknown,
): Promise<void> {
  return audit.record({
    ...actorOf(principal),
    customerId: subject.customerId ?? null,
    entityId: { entityType: subject.entityType, id: subject.id ?? NULL_UUID },
    entityName: subject.name ?? null,
    actionType,
    ...(data === undefined ? {} : { actionData: data }),
    actionStatus: error === undefined ? 'SUCCESS' : 'FAILURE',
    actionFailureDetails: error === undefined ? null : failureDetails(error),
  });
}

/**
 * Runs an operation the principal is allowed to attempt (access checks come before it) and
 * records its outcome: SUCCESS with the result's subject and data, or FAILURE with the error
 * message when it fails for any reason other than a refusal. The error is rethrown unchanged and
 * recording never fails the operation. The entry is written after the operation, outside any
 * transaction the operation opens.
 */
export async function auditedAction<T>(
  audit: AuditRecorder,
  principal: Principal,
  spec: AuditedActionSpec<T>,
  operation: () => Promise<T>,
): Promise<T> {
  let result: T;
  try {
    result = await operation();
  } catch (error) {
    if (!isRefusal(error)) {
      // The failure repeats the caller's input: references to other tenants' entities are left out.
      const data =
        spec.data === undefined ? undefined : await audit.confineToTenant(principal.tenantId, spec.data);
      await recordAction(audit, principal, spec.actionType, spec.subject, data, error);
    }
    throw error;
  }
  const success = spec.onSuccess?.(result);
  await recordAction(
    audit,
    principal,
    spec.actionType,
    success?.subject ?? spec.subject,
    success && 'data' in success ? success.data : spec.data,
  );
  return result;
}
