import {
  type EntityDraft,
  type PageData,
  type PageLink,
  pageLinkToQueryString,
  type Tenant,
  type TenantInfo,
} from '@meridian/common';
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient, RequestOptions } from '../app/http/http-client';

/** Tenant calls of reference §1.3 TenantController (system administrator). */

export const tenantKeys = {
  all: ['tenants'] as const,
  detail: (tenantId: string) => [...tenantKeys.all, 'detail', tenantId] as const,
};

const id = encodeURIComponent;

/** Tenants with their profile names (`/api/tenantInfos`). */
export function getTenantInfos(
  http: HttpClient,
  pageLink: PageLink,
  options: RequestOptions = {},
): Promise<PageData<TenantInfo>> {
  return http.get(`/api/tenantInfos?${pageLinkToQueryString(pageLink)}`, options);
}

export function getTenant(http: HttpClient, tenantId: string, options: RequestOptions = {}): Promise<Tenant> {
  return http.get(`/api/tenant/${id(tenantId)}`, options);
}

export function getTenantInfo(
  http: HttpClient,
  tenantId: string,
  options: RequestOptions = {},
): Promise<TenantInfo> {
  return http.get(`/api/tenant/info/${id(tenantId)}`, options);
}

/** A tenant as the console sends it: new ones have no id. */
export type TenantDraft = Partial<EntityDraft<Tenant>> & Pick<Tenant, 'title'>;

/** Creates (no id) or updates (with id) a tenant. */
export function saveTenant(http: HttpClient, tenant: TenantDraft): Promise<Tenant> {
  return http.post('/api/tenant', tenant);
}

export function deleteTenant(http: HttpClient, tenantId: string): Promise<void> {
  return http.delete(`/api/tenant/${id(tenantId)}`);
}

export function tenantQuery(http: HttpClient, tenantId: string) {
  return queryOptions({
    queryKey: tenantKeys.detail(tenantId),
    queryFn: ({ signal }) => getTenant(http, tenantId, { signal }),
  });
}
