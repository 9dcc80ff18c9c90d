import type { WidgetsBundle, WidgetTypeDescriptor, WidgetTypeDetails } from '@meridian/common';
import type { HttpClient } from '../../app/http/http-client';

/** The widget editor's calls (reference WidgetTypeController, WidgetsBundleController). */

const id = encodeURIComponent;

export function getWidgetType(http: HttpClient, widgetTypeId: string, signal?: AbortSignal) {
  return http.get<WidgetTypeDetails>(`/api/widgetType/${id(widgetTypeId)}`, signal ? { signal } : {});
}

export function getWidgetsBundle(http: HttpClient, bundleId: string, signal?: AbortSignal) {
  return http.get<WidgetsBundle>(`/api/widgetsBundle/${id(bundleId)}`, signal ? { signal } : {});
}

export function getWidgetsBundles(http: HttpClient, signal?: AbortSignal) {
  return http.get<WidgetsBundle[]>('/api/widgetsBundles', signal ? { signal } : {});
}

export interface WidgetTypeSave {
  /** Absent for a new type (and for Save as). */
  id?: WidgetTypeDetails['id'];
  bundleAlias: string;
  alias?: string;
  name: string;
  image: string | null;
  description: string | null;
  descriptor: WidgetTypeDescriptor;
}

/** `POST /api/widgetType`: creates or updates; the server gives a new type its alias. */
export function saveWidgetType(http: HttpClient, type: WidgetTypeSave) {
  return http.post<WidgetTypeDetails>('/api/widgetType', type);
}
