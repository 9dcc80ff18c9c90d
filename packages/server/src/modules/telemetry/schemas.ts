import { Type } from '@sinclair/typebox';
import { Uuid } from '../../http/schemas.js';

/** Request schemas of the telemetry API (reference §1.3 TelemetryController). */

const Timestamp = Type.Integer({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER });
const EntityTypeParam = Type.String({ minLength: 1, maxLength: 32 });
const ScopeParam = Type.String({ minLength: 1, maxLength: 255 });

export const EntityParams = Type.Object({ entityType: EntityTypeParam, entityId: Uuid });
export const EntityScopeParams = Type.Object({
  entityType: EntityTypeParam,
  entityId: Uuid,
  scope: ScopeParam,
});
export const DeviceScopeParams = Type.Object({ deviceId: Uuid, scope: ScopeParam });
export const EntityScopeTtlParams = Type.Object({
  entityType: EntityTypeParam,
  entityId: Uuid,
  scope: ScopeParam,
  ttl: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
});

export const KeysQuery = Type.Object({ keys: Type.Optional(Type.String()) });

export const TimeseriesQuery = Type.Object({
  keys: Type.Optional(Type.String()),
  startTs: Type.Optional(Timestamp),
  endTs: Type.Optional(Timestamp),
  interval: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  agg: Type.Optional(Type.String()),
  orderBy: Type.Optional(Type.String()),
  useStrictDataTypes: Type.Optional(Type.Boolean()),
});

export const DeleteTimeseriesQuery = Type.Object({
  keys: Type.Optional(Type.String()),
  deleteAllDataForKeys: Type.Optional(Type.Boolean()),
  startTs: Type.Optional(Timestamp),
  endTs: Type.Optional(Timestamp),
  rewriteLatestIfDeleted: Type.Optional(Type.Boolean()),
});

export interface EntityRef {
  entityType: string;
  entityId: string;
}

export interface TimeseriesQueryParams {
  keys?: string;
  startTs?: number;
  endTs?: number;
  interval?: number;
  limit?: number;
  agg?: string;
  orderBy?: string;
  useStrictDataTypes?: boolean;
}

export interface DeleteTimeseriesParams {
  keys?: string;
  deleteAllDataForKeys?: boolean;
  startTs?: number;
  endTs?: number;
  rewriteLatestIfDeleted?: boolean;
}
