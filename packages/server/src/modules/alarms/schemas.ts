import { ALARM_SEVERITIES, ALARM_STATUSES, type AlarmSeverity, type AlarmStatus } from '@meridian/common';
import { Type } from '@sinclair/typebox';
import { PageQuerySchema } from '../../http/page-query.js';
import { EntityIdRef, Nullable, Uuid } from '../../http/schemas.js';

const Optional = Type.Optional;
const Timestamp = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });

/** The entity of `/api/alarm/{entityType}/{entityId}`; the type is checked by the service. */
export const AlarmEntityParams = Type.Object({
  entityType: Type.String({ minLength: 1, maxLength: 32 }),
  entityId: Uuid,
});

/** `POST /api/alarm` (reference Alarm); tenant and customer are the server's to set. */
export const AlarmBody = Type.Object({
  id: Optional(Nullable(EntityIdRef)),
  createdTime: Optional(Type.Unknown()),
  tenantId: Optional(Type.Unknown()),
  customerId: Optional(Type.Unknown()),
  name: Optional(Type.Unknown()),
  type: Optional(Nullable(Type.String({ maxLength: 255 }))),
  originator: Optional(Nullable(Type.Object({ entityType: Type.String({ maxLength: 32 }), id: Uuid }))),
  severity: Optional(Nullable(Type.Unsafe<AlarmSeverity>({ type: 'string', enum: [...ALARM_SEVERITIES] }))),
  status: Optional(Nullable(Type.Unsafe<AlarmStatus>({ type: 'string', enum: [...ALARM_STATUSES] }))),
  startTs: Optional(Timestamp),
  endTs: Optional(Timestamp),
  ackTs: Optional(Timestamp),
  clearTs: Optional(Timestamp),
  details: Optional(Type.Unknown()),
  propagate: Optional(Nullable(Type.Boolean())),
  propagateToOwner: Optional(Nullable(Type.Boolean())),
  propagateToTenant: Optional(Nullable(Type.Boolean())),
  propagateRelationTypes: Optional(Nullable(Type.Array(Type.String({ maxLength: 255 }), { maxItems: 100 }))),
});

export interface AlarmInput {
  id?: { id: string } | null;
  type?: string | null;
  originator?: { entityType: string; id: string } | null;
  severity?: AlarmSeverity | null;
  status?: AlarmStatus | null;
  startTs?: number;
  endTs?: number;
  ackTs?: number;
  clearTs?: number;
  details?: unknown;
  propagate?: boolean | null;
  propagateToOwner?: boolean | null;
  propagateToTenant?: boolean | null;
  propagateRelationTypes?: string[] | null;
}

/** `searchStatus` XOR `status`; both are checked by the service so the 400 names them. */
const StatusFilter = {
  searchStatus: Optional(Type.String({ maxLength: 32 })),
  status: Optional(Type.String({ maxLength: 32 })),
};

/** PAGE + TIME + status filters + `fetchOriginator` of the alarm lists. */
export const AlarmPageQuerySchema = Type.Object({
  ...PageQuerySchema.properties,
  startTime: Optional(Timestamp),
  endTime: Optional(Timestamp),
  ...StatusFilter,
  fetchOriginator: Optional(Type.Boolean()),
});

export const HighestSeverityQuerySchema = Type.Object(StatusFilter);

export interface AlarmStatusQuery {
  searchStatus?: string;
  status?: string;
}

export interface AlarmPageQuery extends AlarmStatusQuery {
  pageSize: number;
  page: number;
  textSearch?: string;
  sortProperty?: string;
  sortOrder?: string;
  startTime?: number;
  endTime?: number;
  fetchOriginator?: boolean;
}
