import { Type } from '@sinclair/typebox';
import { PageQuerySchema } from '../../http/page-query.js';
import { AnyJson, EntityIdRef, Nullable } from '../../http/schemas.js';

const Optional = Type.Optional;

/** The reference keeps images (data URLs) in a varchar(1000000) and descriptions in a varchar(255). */
const MAX_IMAGE_LENGTH = 1_000_000;
const MAX_DESCRIPTION_LENGTH = 255;
const Text255 = Type.String({ maxLength: 255 });

/**
 * `POST /api/widgetsBundle` (reference WidgetsBundle JSON). The server-kept fields (`createdTime`,
 * `tenantId`) are accepted and ignored, so an exported bundle posts back as it is.
 */
export const WidgetsBundleBody = Type.Object({
  id: Optional(Nullable(EntityIdRef)),
  createdTime: Optional(Type.Unknown()),
  tenantId: Optional(Type.Unknown()),
  alias: Optional(Nullable(Text255)),
  title: Optional(Nullable(Text255)),
  image: Optional(Nullable(Type.String({ maxLength: MAX_IMAGE_LENGTH }))),
  description: Optional(Nullable(Type.String({ maxLength: MAX_DESCRIPTION_LENGTH }))),
});

export interface WidgetsBundleInput {
  id?: { id: string } | null;
  alias?: string | null;
  title?: string | null;
  image?: string | null;
  description?: string | null;
}

/**
 * `POST /api/widgetType` (reference WidgetTypeDetails JSON). The descriptor is any JSON the
 * reference accepts (a JsonNode); the service refuses an empty one as the reference does.
 */
export const WidgetTypeBody = Type.Object({
  id: Optional(Nullable(EntityIdRef)),
  createdTime: Optional(Type.Unknown()),
  tenantId: Optional(Type.Unknown()),
  bundleAlias: Optional(Nullable(Text255)),
  alias: Optional(Nullable(Text255)),
  name: Optional(Nullable(Text255)),
  image: Optional(Nullable(Type.String({ maxLength: MAX_IMAGE_LENGTH }))),
  description: Optional(Nullable(Type.String({ maxLength: MAX_DESCRIPTION_LENGTH }))),
  descriptor: Optional(AnyJson),
});

export interface WidgetTypeInput {
  id?: { id: string } | null;
  bundleAlias?: string | null;
  alias?: string | null;
  name?: string | null;
  image?: string | null;
  description?: string | null;
  descriptor?: unknown;
}

/**
 * `GET /api/widgetsBundles`: with `pageSize` and `page` the paged list, without them every bundle
 * (the reference maps the two on one path by their `params`).
 */
export const BundleListQuery = Type.Partial(PageQuerySchema);

/** `GET /api/widgetTypes[Details|Infos]`: the system's or the caller's tenant's types of a bundle. */
export const BundleTypesQuery = Type.Object({ isSystem: Type.Boolean(), bundleAlias: Text255 });
export interface BundleTypesInput {
  isSystem: boolean;
  bundleAlias: string;
}

/** `GET /api/widgetType`: one type by its aliases. */
export const WidgetTypeByAliasQuery = Type.Object({
  isSystem: Type.Boolean(),
  bundleAlias: Text255,
  alias: Text255,
});
export interface WidgetTypeByAliasInput extends BundleTypesInput {
  alias: string;
}
