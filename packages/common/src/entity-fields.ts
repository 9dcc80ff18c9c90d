import type { EntityType } from './entity-types.js';
import { ownValue } from './json.js';

/**
 * Entity fields usable as ENTITY_FIELD keys (spec 2 §3, spec 1 §3; reference §3.4 `EntityKeyMapping`).
 */

/** Entity fields usable in lists and filters (spec 2 §3). */
export const ENTITY_FIELDS = [
  'createdTime',
  'name',
  'type',
  'firstName',
  'lastName',
  'email',
  'title',
  'country',
  'state',
  'city',
  'address',
  'address2',
  'zip',
  'phone',
  'label',
] as const;
export type EntityField = (typeof ENTITY_FIELDS)[number];

const contactOwnerFields = [
  'title',
  'email',
  'country',
  'state',
  'city',
  'address',
  'address2',
  'zip',
  'phone',
] as const;

/**
 * Entity field keys the console offers per entity type (spec 1 §3); createdTime is offered for all
 * types. Types not listed offer createdTime only.
 */
export const CONSOLE_ENTITY_FIELDS_BY_TYPE: Readonly<Partial<Record<EntityType, readonly EntityField[]>>> = {
  USER: ['createdTime', 'name', 'email', 'firstName', 'lastName'],
  TENANT: ['createdTime', ...contactOwnerFields],
  CUSTOMER: ['createdTime', ...contactOwnerFields],
  ENTITY_VIEW: ['createdTime', 'name', 'type'],
  DEVICE: ['createdTime', 'name', 'type', 'label'],
  EDGE: ['createdTime', 'name', 'type', 'label'],
  ASSET: ['createdTime', 'name', 'type', 'label'],
  DASHBOARD: ['createdTime', 'title'],
};

/** Entity fields the console offers for an entity type. */
export function consoleEntityFields(entityType: EntityType): readonly EntityField[] {
  return ownValue(CONSOLE_ENTITY_FIELDS_BY_TYPE, entityType) ?? ['createdTime'];
}

const deviceLike = ['createdTime', 'entityType', 'name', 'type', 'label', 'additionalInfo'] as const;
const ownerLike = ['createdTime', 'entityType', ...contactOwnerFields, 'additionalInfo'] as const;
const namedOnly = ['createdTime', 'entityType', 'name'] as const;

/**
 * ENTITY_FIELD keys the server's entity query answers per entity type (reference §3.4). EDGE follows
 * devices and assets, as in spec 1 §3.
 */
export const QUERY_ENTITY_FIELDS_BY_TYPE: Readonly<Partial<Record<EntityType, readonly string[]>>> = {
  DEVICE: deviceLike,
  ASSET: deviceLike,
  EDGE: deviceLike,
  ENTITY_VIEW: ['createdTime', 'entityType', 'name', 'type', 'additionalInfo'],
  TENANT: ownerLike,
  CUSTOMER: ownerLike,
  USER: ['createdTime', 'firstName', 'lastName', 'email', 'additionalInfo'],
  DASHBOARD: ['createdTime', 'entityType', 'title'],
  RULE_CHAIN: ['createdTime', 'entityType', 'name', 'additionalInfo'],
  RULE_NODE: ['createdTime', 'entityType', 'name', 'additionalInfo'],
  WIDGET_TYPE: namedOnly,
  WIDGETS_BUNDLE: namedOnly,
  API_USAGE_STATE: namedOnly,
};

/** Field aliases: tenants and customers answer `name`/`label` with `title`; users answer them with `email`. */
const FIELD_ALIASES: Readonly<Partial<Record<EntityType, Readonly<Record<string, string>>>>> = {
  TENANT: { name: 'title', label: 'title' },
  CUSTOMER: { name: 'title', label: 'title' },
  USER: { name: 'email', label: 'email', title: 'email' },
};

/** Fields relation queries may also ask for. */
export const RELATION_QUERY_EXTRA_FIELDS = ['parentId', 'region'] as const;

/**
 * The actual field an ENTITY_FIELD key reads for an entity type, after aliases, or null when the
 * server does not answer that key for the type (it then reports an empty value).
 */
export function resolveQueryEntityField(entityType: EntityType, key: string): string | null {
  const aliases = ownValue(FIELD_ALIASES, entityType);
  const resolved = (aliases && ownValue(aliases, key)) ?? key;
  const allowed = ownValue(QUERY_ENTITY_FIELDS_BY_TYPE, entityType);
  return allowed?.includes(resolved) ? resolved : null;
}
