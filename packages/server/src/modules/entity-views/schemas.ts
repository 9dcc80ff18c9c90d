import { Type } from '@sinclair/typebox';
import { PageQuerySchema } from '../../http/page-query.js';
import { AnyJson, EntityIdRef, Nullable, Uuid } from '../../http/schemas.js';
import { RelationsSearchParametersBody, type SearchParametersInput } from '../relations/schemas.js';

const KeyList = Type.Optional(Nullable(Type.Array(Type.String({ maxLength: 255 }))));

/** The entity an entity view looks at: a device or an asset. */
const TargetEntityId = Type.Object({
  entityType: Type.Unsafe<'DEVICE' | 'ASSET'>({ type: 'string', enum: ['DEVICE', 'ASSET'] }),
  id: Uuid,
});

export const EntityViewBody = Type.Object({
  id: Type.Optional(Nullable(EntityIdRef)),
  createdTime: Type.Optional(Type.Unknown()),
  tenantId: Type.Optional(Nullable(EntityIdRef)),
  customerId: Type.Optional(Nullable(EntityIdRef)),
  entityId: TargetEntityId,
  name: Type.String({ maxLength: 255 }),
  type: Type.String({ maxLength: 255 }),
  keys: Type.Optional(
    Nullable(
      Type.Object({
        timeseries: KeyList,
        attributes: Type.Optional(Nullable(Type.Object({ cs: KeyList, ss: KeyList, sh: KeyList }))),
      }),
    ),
  ),
  startTimeMs: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
  endTimeMs: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
  additionalInfo: Type.Optional(AnyJson),
});

export interface EntityViewInput {
  id?: { id?: string } | null;
  customerId?: { id?: string } | null;
  entityId: { entityType: 'DEVICE' | 'ASSET'; id: string };
  name: string;
  type: string;
  keys?: {
    timeseries?: string[] | null;
    attributes?: { cs?: string[] | null; ss?: string[] | null; sh?: string[] | null } | null;
  } | null;
  startTimeMs?: number | null;
  endTimeMs?: number | null;
  additionalInfo?: unknown;
}

/** PAGE plus the optional entity view `type`. */
export const TypedPageQuery = Type.Object({
  ...PageQuerySchema.properties,
  type: Type.Optional(Type.String({ maxLength: 255 })),
});

/** GET /api/tenant/entityViews: either `entityViewName` (one view) or PAGE (a page). */
export const TenantEntityViewsQuery = Type.Object({
  ...Type.Partial(PageQuerySchema).properties,
  type: Type.Optional(Type.String({ maxLength: 255 })),
  entityViewName: Type.Optional(Type.String({ maxLength: 255 })),
});

export const EntityViewSearchQueryBody = Type.Object({
  parameters: RelationsSearchParametersBody,
  relationType: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  entityViewTypes: Type.Array(Type.String({ maxLength: 255 })),
});

export interface EntityViewSearchInput {
  parameters: SearchParametersInput;
  relationType?: string | null;
  entityViewTypes: string[];
}
