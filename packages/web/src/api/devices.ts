import {
  type Device,
  type DeviceCredentials,
  type DeviceCredentialsDraft,
  type DeviceInfo,
  type EntityDraft,
  type PageData,
  type PageLink,
  pageLinkToQueryString,
  type SaveDeviceWithCredentialsRequest,
} from '@meridian/common';
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient, RequestOptions } from '../app/http/http-client';

/** Device calls of reference §1.3 DeviceController. */

/** Whose devices a list shows: the tenant's, or one customer's. */
export type DeviceListScope = { kind: 'tenant' } | { kind: 'customer'; customerId: string };

export interface DeviceListFilter {
  deviceProfileId?: string | null;
  type?: string | null;
}

export const deviceKeys = {
  all: ['devices'] as const,
  page: (scope: DeviceListScope, filter: DeviceListFilter, pageLink: PageLink) =>
    [...deviceKeys.all, 'page', scope, filter, pageLink] as const,
  info: (deviceId: string) => [...deviceKeys.all, 'info', deviceId] as const,
  credentials: (deviceId: string) => [...deviceKeys.all, 'credentials', deviceId] as const,
};

const id = encodeURIComponent;

function filterQuery(filter: DeviceListFilter): string {
  let query = '';
  if (filter.type) {
    query += `&type=${id(filter.type)}`;
  }
  if (filter.deviceProfileId) {
    query += `&deviceProfileId=${id(filter.deviceProfileId)}`;
  }
  return query;
}

export function getDeviceInfos(
  http: HttpClient,
  scope: DeviceListScope,
  filter: DeviceListFilter,
  pageLink: PageLink,
  options: RequestOptions = {},
): Promise<PageData<DeviceInfo>> {
  const base =
    scope.kind === 'tenant' ? '/api/tenant/deviceInfos' : `/api/customer/${id(scope.customerId)}/deviceInfos`;
  return http.get(`${base}?${pageLinkToQueryString(pageLink)}${filterQuery(filter)}`, options);
}

export function getDeviceInfo(
  http: HttpClient,
  deviceId: string,
  options: RequestOptions = {},
): Promise<DeviceInfo> {
  return http.get(`/api/device/info/${id(deviceId)}`, options);
}

/** A device as the console sends it: new ones have no id; the server fills tenant and customer. */
export type DeviceDraft = Partial<EntityDraft<Device>> & Pick<Device, 'name'>;

/** Creates or updates a device; a new device gets the given access token, else a generated one. */
export function saveDevice(
  http: HttpClient,
  device: DeviceDraft,
  accessToken?: string,
  options: RequestOptions = {},
): Promise<Device> {
  return http.post('/api/device', device, accessToken ? { ...options, query: { accessToken } } : options);
}

export function saveDeviceWithCredentials(
  http: HttpClient,
  request: SaveDeviceWithCredentialsRequest,
): Promise<Device> {
  return http.post('/api/device-with-credentials', request);
}

export function deleteDevice(
  http: HttpClient,
  deviceId: string,
  options: RequestOptions = {},
): Promise<void> {
  return http.delete(`/api/device/${id(deviceId)}`, options);
}

export function assignDeviceToCustomer(
  http: HttpClient,
  customerId: string,
  deviceId: string,
): Promise<Device> {
  return http.post(`/api/customer/${id(customerId)}/device/${id(deviceId)}`);
}

/** Unassigns a device from its customer; for a public device this makes it private. */
export function unassignDeviceFromCustomer(http: HttpClient, deviceId: string): Promise<Device> {
  return http.delete(`/api/customer/device/${id(deviceId)}`);
}

export function makeDevicePublic(http: HttpClient, deviceId: string): Promise<Device> {
  return http.post(`/api/customer/public/device/${id(deviceId)}`);
}

export function getDeviceCredentials(
  http: HttpClient,
  deviceId: string,
  options: RequestOptions = {},
): Promise<DeviceCredentials> {
  return http.get(`/api/device/${id(deviceId)}/credentials`, options);
}

/** Updates a device's credentials: the stored record with the new type, id and value. */
export function saveDeviceCredentials(
  http: HttpClient,
  credentials: Omit<DeviceCredentials, 'credentialsId'> & DeviceCredentialsDraft,
): Promise<DeviceCredentials> {
  return http.post('/api/device/credentials', credentials);
}

export function deviceInfoQuery(http: HttpClient, deviceId: string) {
  return queryOptions({
    queryKey: deviceKeys.info(deviceId),
    queryFn: ({ signal }) => getDeviceInfo(http, deviceId, { signal }),
  });
}

export function deviceCredentialsQuery(http: HttpClient, deviceId: string) {
  return queryOptions({
    queryKey: deviceKeys.credentials(deviceId),
    queryFn: ({ signal }) => getDeviceCredentials(http, deviceId, { signal }),
    staleTime: 0,
  });
}
