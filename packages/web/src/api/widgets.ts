import type { WidgetsBundle, WidgetTypeInfo, WidgetTypeRecord } from '@meridian/common';
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient, RequestOptions } from '../app/http/http-client';

/** Widgets bundle and widget type calls (reference WidgetsBundleController, WidgetTypeController). */

export const widgetKeys = {
  bundles: ['widgetsBundles'] as const,
  bundleTypes: (isSystem: boolean, bundleAlias: string) =>
    ['widgetTypesInfos', isSystem, bundleAlias] as const,
};

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
