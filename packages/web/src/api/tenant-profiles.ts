import {
  type EntityInfo,
  type PageData,
  type PageLink,
  pageLinkToQueryString,
  type TenantProfile,
} from '@meridian/common';
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient, RequestOptions } from '../app/http/http-client';

/** Tenant profile calls of reference §1.3 TenantProfileController (system administrator). */

export const tenantProfileKeys = {
  all: ['tenantProfiles'] as const,
  defaultInfo: () => [...tenantProfileKeys.all, 'defaultInfo'] as const,
};

/** Page size of tenant profile autocomplete searches (spec 3 §9: entity autocomplete 50). */
export const TENANT_PROFILE_SEARCH_PAGE_SIZE = 50;

const id = encodeURIComponent;

export function getTenantProfiles(
  http: HttpClient,
  pageLink: PageLink,
  options: RequestOptions = {},
): Promise<PageData<TenantProfile>> {
  return http.get(`/api/tenantProfiles?${pageLinkToQueryString(pageLink)}`, options);
}

/** `{id, name}` of the tenant profiles (`/api/tenantProfileInfos`). */
export function getTenantProfileInfos(
  http: HttpClient,
  pageLink: PageLink,
  options: RequestOptions = {},
): Promise<PageData<EntityInfo>> {
  return http.get(`/api/tenantProfileInfos?${pageLinkToQueryString(pageLink)}`, options);
}

export function getTenantProfile(
  http: HttpClient,
  profileId: string,
  options: RequestOptions = {},
): Promise<TenantProfile> {
  return http.get(`/api/tenantProfile/${id(profileId)}`, options);
}

export function getDefaultTenantProfileInfo(
  http: HttpClient,
  options: RequestOptions = {},
): Promise<EntityInfo> {
  return http.get('/api/tenantProfileInfo/default', options);
}

/** A tenant profile as the console sends it: new ones have no id or creation time. */
export type TenantProfileDraft = Omit<TenantProfile, 'id' | 'createdTime'> &
  Partial<Pick<TenantProfile, 'id' | 'createdTime'>>;

/** Creates (no id) or updates (with id) a tenant profile. */
export function saveTenantProfile(http: HttpClient, profile: TenantProfileDraft): Promise<TenantProfile> {
  return http.post('/api/tenantProfile', profile);
}

export function deleteTenantProfile(http: HttpClient, profileId: string): Promise<void> {
  return http.delete(`/api/tenantProfile/${id(profileId)}`);
}

/** Makes the profile the default one (the previous default loses the flag). */
export function setDefaultTenantProfile(http: HttpClient, profileId: string): Promise<TenantProfile> {
  return http.post(`/api/tenantProfile/${id(profileId)}/default`);
}

/** The default profile's `{id, name}`; no loading bar, errors are left to the caller. */
export function defaultTenantProfileInfoQuery(http: HttpClient) {
  return queryOptions({
    queryKey: tenantProfileKeys.defaultInfo(),
    queryFn: ({ signal }) => getDefaultTenantProfileInfo(http, { signal, ignoreLoading: true }),
  });
}
