import type { EntityType } from '@meridian/common';

/** Message keys of entity type names (relation and audit log tables, entity type pickers). */
const ENTITY_TYPE_KEYS: Record<EntityType, string> = {
  TENANT: 'entity.type-tenant',
  CUSTOMER: 'entity.type-customer',
  USER: 'entity.type-user',
  DASHBOARD: 'entity.type-dashboard',
  ASSET: 'entity.type-asset',
  DEVICE: 'entity.type-device',
  ALARM: 'entity.type-alarm',
  RULE_CHAIN: 'entity.type-rulechain',
  RULE_NODE: 'entity.type-rulenode',
  ENTITY_VIEW: 'entity.type-entity-view',
  WIDGETS_BUNDLE: 'entity.type-widgets-bundle',
  WIDGET_TYPE: 'entity.type-widget-type',
  TENANT_PROFILE: 'entity.type-tenant-profile',
  DEVICE_PROFILE: 'entity.type-device-profile',
  API_USAGE_STATE: 'entity.type-api-usage-state',
  TB_RESOURCE: 'entity.type-tb-resource',
  OTA_PACKAGE: 'entity.type-ota-package',
  EDGE: 'entity.type-edge',
  RPC: 'entity.type-rpc',
};

/** The translated name of an entity type; an unknown code shows as it is. */
export function entityTypeLabel(t: (key: string) => string, type: string): string {
  const key = (ENTITY_TYPE_KEYS as Record<string, string | undefined>)[type];
  return key ? t(key) : type;
}
