import { Type } from '@sinclair/typebox';
import { PageQuerySchema } from '../../http/page-query.js';
import { AnyJson, EntityIdRef, Nullable } from '../../http/schemas.js';
import { RelationsSearchParametersBody } from '../relations/schemas.js';

const Optional = Type.Optional;

export const AssetBody = Type.Object({
  id: Optional(Nullable(EntityIdRef)),
  createdTime: Optional(Type.Unknown()),
  tenantId: Optional(Nullable(EntityIdRef)),
  customerId: Optional(Nullable(EntityIdRef)),
  name: Optional(Nullable(Type.String({ maxLength: 255 }))),
  type: Optional(Nullable(Type.String({ maxLength: 255 }))),
  label: Optional(Nullable(Type.String({ maxLength: 255 }))),
  additionalInfo: Optional(AnyJson),
});

type Ref = { id: string } | null;

export interface AssetInput {
  id?: Ref;
  customerId?: Ref;
  name?: string | null;
  type?: string | null;
  label?: string | null;
  additionalInfo?: unknown;
}

/** PAGE is optional because `GET /api/tenant/assets?assetName=` shares the path (reference §8 #5). */
export const TenantAssetsQuery = Type.Object({
  ...Type.Partial(PageQuerySchema).properties,
  type: Optional(Type.String()),
  assetName: Optional(Type.String()),
});

export const AssetPageQuery = Type.Object({ ...PageQuerySchema.properties, type: Optional(Type.String()) });

export const AssetIdsQuery = Type.Object({ assetIds: Type.Array(Type.String()) });

/** `POST /api/assets` (reference AssetSearchQuery). */
export const AssetSearchQueryBody = Type.Object({
  parameters: RelationsSearchParametersBody,
  relationType: Optional(Nullable(Type.String({ maxLength: 255 }))),
  assetTypes: Type.Array(Type.String({ maxLength: 255 })),
});
