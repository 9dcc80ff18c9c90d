/**
 * Entity types, ids and authorities of the platform (spec 2 §3, reference §1.5).
 * The order of ENTITY_TYPES follows the reference enum's ordinal order, which the reference storage
 * uses for `alarm.originator_type`; do not reorder.
 */
export const ENTITY_TYPES = [
  'TENANT',
  'CUSTOMER',
  'USER',
  'DASHBOARD',
  'ASSET',
  'DEVICE',
  'ALARM',
  'RULE_CHAIN',
  'RULE_NODE',
  'ENTITY_VIEW',
  'WIDGETS_BUNDLE',
  'WIDGET_TYPE',
  'TENANT_PROFILE',
  'DEVICE_PROFILE',
  'API_USAGE_STATE',
  'TB_RESOURCE',
  'OTA_PACKAGE',
  'EDGE',
  'RPC',
] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

/** Pseudo entity types used as dynamic owners in aliases and filters. */
export const PSEUDO_ENTITY_TYPES = [
  'CURRENT_CUSTOMER',
  'CURRENT_TENANT',
  'CURRENT_USER',
  'CURRENT_USER_OWNER',
] as const;
export type PseudoEntityType = (typeof PSEUDO_ENTITY_TYPES)[number];

/** "No tenant" / "no customer": the reference serialises unassigned owners as this id, never as null. */
export const NULL_UUID = '13814000-1dd2-11b2-8080-808080808080';

/** An id on the wire: `{"entityType":"DEVICE","id":"<uuid>"}`. */
export interface EntityId<T extends EntityType = EntityType> {
  entityType: T;
  id: string;
}

/** Ids of records that are not entities travel without a type: `{"id":"<uuid>"}`. */
export interface PlainId {
  id: string;
}

export const AUTHORITIES = [
  'SYS_ADMIN',
  'TENANT_ADMIN',
  'CUSTOMER_USER',
  'REFRESH_TOKEN',
  'ANONYMOUS',
] as const;
export type Authority = (typeof AUTHORITIES)[number];

/** The authorities a stored user can have (the others only appear in tokens). */
export const USER_AUTHORITIES = ['SYS_ADMIN', 'TENANT_ADMIN', 'CUSTOMER_USER'] as const;
export type UserAuthority = (typeof USER_AUTHORITIES)[number];

export function entityId<T extends EntityType>(entityType: T, id: string): EntityId<T> {
  return { entityType, id };
}
