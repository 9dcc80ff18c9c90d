import {
  type DeviceProfile,
  type DeviceProfileInfo,
  type DeviceTransportType,
  type EntityDraft,
  type PageData,
  type PageLink,
  pageLinkToQueryString,
} from '@meridian/common';
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient, RequestOptions } from '../app/http/http-client';

/** Device profile calls of reference §1.3 DeviceProfileController. */

export const deviceProfileKeys = {
  all: ['deviceProfiles'] as const,
  page: (pageLink: PageLink) => [...deviceProfileKeys.all, 'page', pageLink] as const,
  infos: (pageLink: PageLink, transportType: DeviceTransportType | null) =>
    [...deviceProfileKeys.all, 'infos', pageLink, transportType] as const,
  detail: (profileId: string) => [...deviceProfileKeys.all, 'detail', profileId] as const,
  info: (profileId: string) => [...deviceProfileKeys.all, 'info', profileId] as const,
  defaultInfo: () => [...deviceProfileKeys.all, 'defaultInfo'] as const,
};

/** Page size of device profile autocomplete searches (spec 3 §9: entity autocomplete 50). */
export const DEVICE_PROFILE_SEARCH_PAGE_SIZE = 50;

const id = encodeURIComponent;

export function getDeviceProfiles(
  http: HttpClient,
  pageLink: PageLink,
  options: RequestOptions = {},
): Promise<PageData<DeviceProfile>> {
  return http.get(`/api/deviceProfiles?${pageLinkToQueryString(pageLink)}`, options);
}

export function getDeviceProfileInfos(
  http: HttpClient,
  pageLink: PageLink,
  transportType: DeviceTransportType | null = null,
  options: RequestOptions = {},
): Promise<PageData<DeviceProfileInfo>> {
  const transport = transportType ? `&transportType=${transportType}` : '';
  return http.get(`/api/deviceProfileInfos?${pageLinkToQueryString(pageLink)}${transport}`, options);
}

export function getDeviceProfile(
  http: HttpClient,
  profileId: string,
  options: RequestOptions = {},
): Promise<DeviceProfile> {
  return http.get(`/api/deviceProfile/${id(profileId)}`, options);
}

export function getDeviceProfileInfo(
  http: HttpClient,
  profileId: string,
  options: RequestOptions = {},
): Promise<DeviceProfileInfo> {
  return http.get(`/api/deviceProfileInfo/${id(profileId)}`, options);
}

export function getDefaultDeviceProfileInfo(
  http: HttpClient,
  options: RequestOptions = {},
): Promise<DeviceProfileInfo> {
  return http.get('/api/deviceProfileInfo/default', options);
}

/** A profile as the console sends it: new ones have no id; the server fills the tenant. */
export type DeviceProfileDraft = Partial<EntityDraft<DeviceProfile>> & Pick<DeviceProfile, 'name'>;

/** Creates (no id) or updates (with id) a device profile. */
export function saveDeviceProfile(http: HttpClient, profile: DeviceProfileDraft): Promise<DeviceProfile> {
  return http.post('/api/deviceProfile', profile);
}

export function deleteDeviceProfile(http: HttpClient, profileId: string): Promise<void> {
  return http.delete(`/api/deviceProfile/${id(profileId)}`);
}

export function setDefaultDeviceProfile(http: HttpClient, profileId: string): Promise<DeviceProfile> {
  return http.post(`/api/deviceProfile/${id(profileId)}/default`);
}

export function deviceProfileQuery(http: HttpClient, profileId: string) {
  return queryOptions({
    queryKey: deviceProfileKeys.detail(profileId),
    queryFn: ({ signal }) => getDeviceProfile(http, profileId, { signal }),
  });
}

export function deviceProfileInfoQuery(http: HttpClient, profileId: string) {
  return queryOptions({
    queryKey: deviceProfileKeys.info(profileId),
    queryFn: ({ signal }) => getDeviceProfileInfo(http, profileId, { signal, ignoreLoading: true }),
    staleTime: 60_000,
  });
}

export function defaultDeviceProfileInfoQuery(http: HttpClient) {
  return queryOptions({
    queryKey: deviceProfileKeys.defaultInfo(),
    queryFn: ({ signal }) => getDefaultDeviceProfileInfo(http, { signal, ignoreLoading: true }),
  });
}

/** Profiles whose name contains the text, by name; no loading bar, failures give an empty page. */
export function deviceProfileSearchQuery(http: HttpClient, textSearch: string) {
  const pageLink: PageLink = {
    pageSize: DEVICE_PROFILE_SEARCH_PAGE_SIZE,
    page: 0,
    textSearch,
    sortOrder: { property: 'name', direction: 'ASC' },
  };
  return queryOptions({
    queryKey: deviceProfileKeys.infos(pageLink, null),
    queryFn: ({ signal }) =>
      getDeviceProfileInfos(http, pageLink, null, { signal, ignoreLoading: true }).catch(
        (): PageData<DeviceProfileInfo> => ({ data: [], totalPages: 0, totalElements: 0, hasNext: false }),
      ),
  });
}
