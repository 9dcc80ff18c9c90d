import type { EntityType } from './entity-types.js';
import { ownValue } from './json.js';

/**
 * Where each entity type lives in the console (spec 2 §2, spec 1 §2).
 */

/** List route per entity type; types without a list page are absent. */
export const ENTITY_LIST_ROUTES: Readonly<Partial<Record<EntityType, string>>> = {
  TENANT: '/tenants',
  TENANT_PROFILE: '/tenantProfiles',
  CUSTOMER: '/customers',
  USER: '/users',
  DASHBOARD: '/dashboards',
  ASSET: '/assets',
  DEVICE: '/devices',
  DEVICE_PROFILE: '/deviceProfiles',
  RULE_CHAIN: '/ruleChains',
  EDGE: '/edgeInstances',
  ENTITY_VIEW: '/entityViews',
  TB_RESOURCE: '/settings/resources-library',
  OTA_PACKAGE: '/otaUpdates',
};

/** The list route of an entity type, or null when it has no list page. */
export function entityListRoute(entityType: EntityType): string | null {
  return ownValue(ENTITY_LIST_ROUTES, entityType) ?? null;
}

/** Details route of one entity: its list route plus the id, or null without a list page. */
export function entityDetailsRoute(entityType: EntityType, id: string): string | null {
  const list = entityListRoute(entityType);
  return list === null ? null : `${list}/${id}`;
}

/** Help-link ids per entity type (spec 2 §2). */
export const ENTITY_HELP_LINK_IDS: Readonly<Partial<Record<EntityType, string>>> = {
  TENANT: 'tenants',
  TENANT_PROFILE: 'tenantProfiles',
  CUSTOMER: 'customers',
  USER: 'users',
  DEVICE: 'devices',
  DEVICE_PROFILE: 'deviceProfiles',
  ASSET: 'assets',
  EDGE: 'edges',
  ENTITY_VIEW: 'entityViews',
  RULE_CHAIN: 'rulechains',
  DASHBOARD: 'dashboards',
  WIDGETS_BUNDLE: 'widgetsBundles',
  TB_RESOURCE: 'resources',
  OTA_PACKAGE: 'otaUpdates',
};

/** Public link of a dashboard (spec 1 §7): origin + `/dashboard/{id}?publicId={publicCustomerId}`. */
export function publicDashboardUrl(origin: string, dashboardId: string, publicCustomerId: string): string {
  return `${origin.replace(/\/+$/, '')}/dashboard/${dashboardId}?publicId=${publicCustomerId}`;
}
