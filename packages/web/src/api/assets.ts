import {
  type Asset,
  type AssetInfo,
  type EntityDraft,
  type EntitySubtype,
  type PageData,
  type PageLink,
  pageLinkToQueryString,
} from '@meridian/common';
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient, RequestOptions } from '../app/http/http-client';

/** Asset calls of reference §1.3 AssetController. */

/** Whose assets a list shows: the tenant's, or one customer's. */
export type AssetListScope = { kind: 'tenant' } | { kind: 'customer'; customerId: string };

export const assetKeys = {
  all: ['assets'] as const,
  page: (scope: AssetListScope, type: string | null, pageLink: PageLink) =>
    [...assetKeys.all, 'page', scope, type, pageLink] as const,
  info: (assetId: string) => [...assetKeys.all, 'info', assetId] as const,
  types: () => [...assetKeys.all, 'types'] as const,
};

const id = encodeURIComponent;

export function getAssetInfos(
  http: HttpClient,
  scope: AssetListScope,
  type: string | null,
  pageLink: PageLink,
  options: RequestOptions = {},
): Promise<PageData<AssetInfo>> {
  const base =
    scope.kind === 'tenant' ? '/api/tenant/assetInfos' : `/api/customer/${id(scope.customerId)}/assetInfos`;
  const typeQuery = type ? `&type=${id(type)}` : '';
  return http.get(`${base}?${pageLinkToQueryString(pageLink)}${typeQuery}`, options);
}

export function getAssetInfo(
  http: HttpClient,
  assetId: string,
  options: RequestOptions = {},
): Promise<AssetInfo> {
  return http.get(`/api/asset/info/${id(assetId)}`, options);
}

/** An asset as the console sends it: new ones have no id; the server fills tenant and customer. */
export type AssetDraft = Partial<EntityDraft<Asset>> & Pick<Asset, 'name' | 'type'>;

/** Creates (no id) or updates (with id) an asset. */
export function saveAsset(http: HttpClient, asset: AssetDraft, options: RequestOptions = {}): Promise<Asset> {
  return http.post('/api/asset', asset, options);
}

export function deleteAsset(http: HttpClient, assetId: string, options: RequestOptions = {}): Promise<void> {
  return http.delete(`/api/asset/${id(assetId)}`, options);
}

export function assignAssetToCustomer(http: HttpClient, customerId: string, assetId: string): Promise<Asset> {
  return http.post(`/api/customer/${id(customerId)}/asset/${id(assetId)}`);
}

/** Unassigns an asset from its customer; for a public asset this makes it private. */
export function unassignAssetFromCustomer(http: HttpClient, assetId: string): Promise<Asset> {
  return http.delete(`/api/customer/asset/${id(assetId)}`);
}

export function makeAssetPublic(http: HttpClient, assetId: string): Promise<Asset> {
  return http.post(`/api/customer/public/asset/${id(assetId)}`);
}

/** Asset types in use by the tenant; a failure gives an empty list (spec 3 §7). */
export function getAssetTypes(http: HttpClient, options: RequestOptions = {}): Promise<EntitySubtype[]> {
  return http.get<EntitySubtype[]>('/api/asset/types', { ignoreErrors: true, ...options }).catch(() => []);
}

export function assetInfoQuery(http: HttpClient, assetId: string) {
  return queryOptions({
    queryKey: assetKeys.info(assetId),
    queryFn: ({ signal }) => getAssetInfo(http, assetId, { signal }),
  });
}

export function assetTypesQuery(http: HttpClient) {
  return queryOptions({
    queryKey: assetKeys.types(),
    queryFn: ({ signal }) => getAssetTypes(http, { signal, ignoreLoading: true }),
  });
}
