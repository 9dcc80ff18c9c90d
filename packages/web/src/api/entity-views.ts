import {
  type EntityDraft,
  type EntitySubtype,
  type EntityView,
  type EntityViewInfo,
  type PageData,
  type PageLink,
  pageLinkToQueryString,
} from '@meridian/common';
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient, RequestOptions } from '../app/http/http-client';

/** Entity view calls of reference §1.3 EntityViewController (spec 1 §7 "Entity views"). */

/** Whose entity views a list shows: the tenant's, or one customer's. */
export type EntityViewListScope = { kind: 'tenant' } | { kind: 'customer'; customerId: string };

export const entityViewKeys = {
  all: ['entityViews'] as const,
  info: (entityViewId: string) => [...entityViewKeys.all, 'info', entityViewId] as const,
  types: () => [...entityViewKeys.all, 'types'] as const,
};

const id = encodeURIComponent;

export function getEntityViewInfos(
  http: HttpClient,
  scope: EntityViewListScope,
  type: string | null,
  pageLink: PageLink,
  options: RequestOptions = {},
): Promise<PageData<EntityViewInfo>> {
  const base =
    scope.kind === 'tenant'
      ? '/api/tenant/entityViewInfos'
      : `/api/customer/${id(scope.customerId)}/entityViewInfos`;
  const typeQuery = type ? `&type=${id(type)}` : '';
  return http.get(`${base}?${pageLinkToQueryString(pageLink)}${typeQuery}`, options);
}

export function getEntityViewInfo(
  http: HttpClient,
  entityViewId: string,
  options: RequestOptions = {},
): Promise<EntityViewInfo> {
  return http.get(`/api/entityView/info/${id(entityViewId)}`, options);
}

/** An entity view as the console sends it: new ones have no id; the server fills tenant and customer. */
export type EntityViewDraft = Partial<EntityDraft<EntityView>> &
  Pick<EntityView, 'name' | 'type' | 'entityId' | 'keys' | 'startTimeMs' | 'endTimeMs'>;

/** Creates (no id) or updates (with id) an entity view. */
export function saveEntityView(http: HttpClient, view: EntityViewDraft): Promise<EntityView> {
  return http.post('/api/entityView', view);
}

export function deleteEntityView(http: HttpClient, entityViewId: string): Promise<void> {
  return http.delete(`/api/entityView/${id(entityViewId)}`);
}

export function assignEntityViewToCustomer(
  http: HttpClient,
  customerId: string,
  entityViewId: string,
): Promise<EntityView> {
  return http.post(`/api/customer/${id(customerId)}/entityView/${id(entityViewId)}`);
}

/** Unassigns an entity view from its customer; for a public view this makes it private. */
export function unassignEntityViewFromCustomer(http: HttpClient, entityViewId: string): Promise<EntityView> {
  return http.delete(`/api/customer/entityView/${id(entityViewId)}`);
}

export function makeEntityViewPublic(http: HttpClient, entityViewId: string): Promise<EntityView> {
  return http.post(`/api/customer/public/entityView/${id(entityViewId)}`);
}

/** Entity view types in use by the tenant; a failure gives an empty list (spec 3 §7). */
export function getEntityViewTypes(http: HttpClient, options: RequestOptions = {}): Promise<EntitySubtype[]> {
  return http
    .get<EntitySubtype[]>('/api/entityView/types', { ignoreErrors: true, ...options })
    .catch(() => []);
}

export function entityViewTypesQuery(http: HttpClient) {
  return queryOptions({
    queryKey: entityViewKeys.types(),
    queryFn: ({ signal }) => getEntityViewTypes(http, { signal, ignoreLoading: true }),
  });
}

/** The key lists of an entity view: time series, or attributes of one scope. */
export type EntityViewKeyKind = 'timeseries' | 'CLIENT_SCOPE' | 'SHARED_SCOPE' | 'SERVER_SCOPE';

/**
 * Keys the target device or asset has, suggested in the entity view's key lists
 * (`/api/plugins/telemetry/{type}/{id}/keys/...`). No loading bar; a failure gives no suggestions.
 */
export function getTargetKeys(
  http: HttpClient,
  target: { entityType: 'DEVICE' | 'ASSET'; id: string },
  kind: EntityViewKeyKind,
  signal?: AbortSignal,
): Promise<string[]> {
  const base = `/api/plugins/telemetry/${target.entityType}/${id(target.id)}/keys`;
  const path = kind === 'timeseries' ? `${base}/timeseries` : `${base}/attributes/${kind}`;
  return http
    .get<string[]>(path, { signal, ignoreErrors: true, ignoreLoading: true })
    .then((keys) => [...keys].sort())
    .catch(() => []);
}
