import {
  type PageData,
  type PageLink,
  pageLinkToQueryString,
  type WidgetsBundle,
  type WidgetTypeDetails,
  type WidgetTypeInfo,
  type WidgetTypeRecord,
} from '@meridian/common';
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient, RequestOptions } from '../app/http/http-client';

/** Widgets bundle and widget type calls (reference WidgetsBundleController, WidgetTypeController). */

export const widgetKeys = {
  bundles: ['widgetsBundles'] as const,
  bundleTypes: (isSystem: boolean, bundleAlias: string) =>
    ['widgetTypesInfos', isSystem, bundleAlias] as const,
  bundleTypesDetails: (isSystem: boolean, bundleAlias: string) =>
    ['widgetTypesDetails', isSystem, bundleAlias] as const,
};

const id = encodeURIComponent;

/** A bundle as the console sends it: new ones have no id, and the server fills owner and time. */
export type WidgetsBundleDraft = Partial<Pick<WidgetsBundle, 'id' | 'alias'>> &
  Pick<WidgetsBundle, 'title' | 'image' | 'description'>;

/** A widget type as the console sends it: new ones have no id, and the server fills owner and time. */
export type WidgetTypeDraft = Partial<Pick<WidgetTypeDetails, 'id' | 'alias'>> &
  Pick<WidgetTypeDetails, 'bundleAlias' | 'name' | 'descriptor' | 'image' | 'description'>;

/** One page of the bundles the user sees (the system ones and, for a tenant, its own). */
export function getWidgetsBundles(
  http: HttpClient,
  pageLink: PageLink,
  options: RequestOptions = {},
): Promise<PageData<WidgetsBundle>> {
  return http.get(`/api/widgetsBundles?${pageLinkToQueryString(pageLink)}`, options);
}

export function getWidgetsBundle(
  http: HttpClient,
  widgetsBundleId: string,
  options: RequestOptions = {},
): Promise<WidgetsBundle> {
  return http.get(`/api/widgetsBundle/${id(widgetsBundleId)}`, options);
}

/** Creates (no id) or updates (with id) a bundle. */
export function saveWidgetsBundle(http: HttpClient, bundle: WidgetsBundleDraft): Promise<WidgetsBundle> {
  return http.post('/api/widgetsBundle', bundle);
}

/** Deletes the bundle together with its widget types. */
export function deleteWidgetsBundle(http: HttpClient, widgetsBundleId: string): Promise<void> {
  return http.delete(`/api/widgetsBundle/${id(widgetsBundleId)}`);
}

/** The widget types of a bundle with their descriptors, images and descriptions. */
export function getBundleWidgetTypesDetails(
  http: HttpClient,
  isSystem: boolean,
  bundleAlias: string,
  options: RequestOptions = {},
): Promise<WidgetTypeDetails[]> {
  return http.get('/api/widgetTypesDetails', { ...options, query: { isSystem, bundleAlias } });
}

export function getWidgetType(
  http: HttpClient,
  widgetTypeId: string,
  options: RequestOptions = {},
): Promise<WidgetTypeDetails> {
  return http.get(`/api/widgetType/${id(widgetTypeId)}`, options);
}

/** Creates (no id) or updates (with id) a widget type. */
export function saveWidgetType(http: HttpClient, widgetType: WidgetTypeDraft): Promise<WidgetTypeDetails> {
  return http.post('/api/widgetType', widgetType);
}

export function deleteWidgetType(http: HttpClient, widgetTypeId: string): Promise<void> {
  return http.delete(`/api/widgetType/${id(widgetTypeId)}`);
}

/** Every bundle the user sees: the system ones and the tenant's own. */
export function getAllWidgetsBundles(
  http: HttpClient,
  options: RequestOptions = {},
): Promise<WidgetsBundle[]> {
  return http.get('/api/widgetsBundles', options);
}

/** The widget types of a bundle, without their descriptors (name, image, description, kind). */
export function getBundleWidgetTypesInfos(
  http: HttpClient,
  isSystem: boolean,
  bundleAlias: string,
  options: RequestOptions = {},
): Promise<WidgetTypeInfo[]> {
  return http.get('/api/widgetTypesInfos', { ...options, query: { isSystem, bundleAlias } });
}

/** One widget type with its descriptor, found by its aliases. */
export function getWidgetTypeByAlias(
  http: HttpClient,
  isSystem: boolean,
  bundleAlias: string,
  alias: string,
  options: RequestOptions = {},
): Promise<WidgetTypeRecord> {
  return http.get('/api/widgetType', { ...options, query: { isSystem, bundleAlias, alias } });
}

export function widgetsBundlesQuery(http: HttpClient) {
  return queryOptions({
    queryKey: widgetKeys.bundles,
    queryFn: ({ signal }) => getAllWidgetsBundles(http, { signal }),
  });
}

export function bundleWidgetTypesQuery(http: HttpClient, isSystem: boolean, bundleAlias: string) {
  return queryOptions({
    queryKey: widgetKeys.bundleTypes(isSystem, bundleAlias),
    queryFn: ({ signal }) => getBundleWidgetTypesInfos(http, isSystem, bundleAlias, { signal }),
  });
}

export function bundleWidgetTypesDetailsQuery(http: HttpClient, isSystem: boolean, bundleAlias: string) {
  return queryOptions({
    queryKey: widgetKeys.bundleTypesDetails(isSystem, bundleAlias),
    queryFn: ({ signal }) => getBundleWidgetTypesDetails(http, isSystem, bundleAlias, { signal }),
  });
}
