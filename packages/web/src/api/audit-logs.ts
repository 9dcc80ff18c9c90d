import {
  type AuditLog,
  type EntityId,
  type PageData,
  type TimePageLink,
  timePageLinkToQueryString,
} from '@meridian/common';
import type { HttpClient, RequestOptions } from '../app/http/http-client';

/** Audit log calls of reference §1.3 AuditLogController (tenant administrators only). */

/** Whose audit log a list shows: the whole tenant's, one entity's, one customer's or one user's. */
export type AuditLogScope =
  | { kind: 'tenant' }
  | { kind: 'entity'; entityId: EntityId }
  | { kind: 'customer'; customerId: string }
  | { kind: 'user'; userId: string };

export const auditLogKeys = {
  all: ['audit-logs'] as const,
  scope: (scope: AuditLogScope) => [...auditLogKeys.all, scope] as const,
};

const id = encodeURIComponent;

function basePath(scope: AuditLogScope): string {
  switch (scope.kind) {
    case 'tenant':
      return '/api/audit/logs';
    case 'entity':
      return `/api/audit/logs/entity/${scope.entityId.entityType}/${id(scope.entityId.id)}`;
    case 'customer':
      return `/api/audit/logs/customer/${id(scope.customerId)}`;
    case 'user':
      return `/api/audit/logs/user/${id(scope.userId)}`;
  }
}

/** One page of audit log entries: PAGE and TIME parameters (`startTime`, `endTime`). */
export function getAuditLogs(
  http: HttpClient,
  scope: AuditLogScope,
  pageLink: TimePageLink,
  options: RequestOptions = {},
): Promise<PageData<AuditLog>> {
  return http.get(`${basePath(scope)}?${timePageLinkToQueryString(pageLink)}`, options);
}

/**
 * The fetch of an entity's Audit logs tab: the entity's own log (`entity`), or for a customer
 * everything done by or to the customer (`customer`), or everything a user did (`user`).
 */
export function auditLogsTabSource(http: HttpClient, mode: 'entity' | 'customer' | 'user') {
  const scopeOf = (entityId: EntityId): AuditLogScope =>
    mode === 'customer'
      ? { kind: 'customer', customerId: entityId.id }
      : mode === 'user'
        ? { kind: 'user', userId: entityId.id }
        : { kind: 'entity', entityId };
  return {
    mode,
    fetch: (entityId: EntityId, pageLink: TimePageLink, signal: AbortSignal) =>
      getAuditLogs(http, scopeOf(entityId), pageLink, { signal }),
  };
}
