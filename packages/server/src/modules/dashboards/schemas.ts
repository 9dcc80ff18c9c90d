import { Type } from '@sinclair/typebox';
import { PageQuerySchema } from '../../http/page-query.js';
import { AnyJson, EntityIdRef, Nullable, Uuid } from '../../http/schemas.js';

const Optional = Type.Optional;

/** The reference stores the image (a data URL) in a varchar(1000000). */
export const MAX_IMAGE_LENGTH = 1_000_000;

/**
 * `POST /api/dashboard` (reference Dashboard JSON). The read-only and server-kept fields
 * (`createdTime`, `tenantId`, `assignedCustomers`, `name`) are accepted and ignored, so a dashboard
 * exported from the console or from the reference can be posted back as it is.
 */
export const DashboardBody = Type.Object({
  id: Optional(Nullable(EntityIdRef)),
  createdTime: Optional(Type.Unknown()),
  tenantId: Optional(Type.Unknown()),
  assignedCustomers: Optional(Type.Unknown()),
  name: Optional(Type.Unknown()),
  title: Optional(Nullable(Type.String({ maxLength: 255 }))),
  image: Optional(Nullable(Type.String({ maxLength: MAX_IMAGE_LENGTH }))),
  mobileHide: Optional(Nullable(Type.Boolean())),
  mobileOrder: Optional(Nullable(Type.Integer({ minimum: -2147483648, maximum: 2147483647 }))),
  /** A JsonNode in the reference: any JSON value, stored and returned as sent (decision 0023). */
  configuration: Optional(AnyJson),
  /** The version the client loaded; absent or null: save without the concurrent-save check. */
  version: Optional(Nullable(Type.Integer({ minimum: 0 }))),
});

export interface DashboardInput {
  id?: { id: string } | null;
  title?: string | null;
  image?: string | null;
  mobileHide?: boolean | null;
  mobileOrder?: number | null;
  configuration?: unknown;
  version?: number | null;
}

/** PAGE plus `mobile`: when true only dashboards shown in the mobile app, in their mobile order. */
export const DashboardPageQuery = Type.Object({
  ...PageQuerySchema.properties,
  mobile: Optional(Type.Boolean()),
});

/**
 * Body of `POST /api/dashboard/{id}/customers[/add|/remove]`: customer ids as bare UUID strings.
 * Null (or no body) is allowed where the reference makes it optional: no customers at all.
 */
export const CustomerIdsBody = Nullable(Type.Array(Uuid, { maxItems: 10_000 }));

/** `POST /api/tenant/dashboard/home/info` (reference HomeDashboardInfo). */
export const HomeDashboardInfoBody = Type.Object({
  dashboardId: Optional(Nullable(EntityIdRef)),
  hideDashboardToolbar: Optional(Nullable(Type.Boolean())),
});

export interface HomeDashboardInfoInput {
  dashboardId?: { id: string } | null;
  hideDashboardToolbar?: boolean | null;
}
