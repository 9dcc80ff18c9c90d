import type { EntityId, EntityType } from './entity-types.js';
import type { EntitySearchDirection, RelationEntityTypeFilter } from './relation.js';

/**
 * Entity filters: what an entity alias or an entity query selects (spec 2 §3 "Alias filter types";
 * reference §3.4 `EntityFilter`).
 */

/** All alias filter types, in the order the console offers them. */
export const ALIAS_FILTER_TYPES = [
  'singleEntity',
  'entityList',
  'entityName',
  'entityType',
  'stateEntity',
  'assetType',
  'deviceType',
  'edgeType',
  'entityViewType',
  'apiUsageState',
  'relationsQuery',
  'assetSearchQuery',
  'deviceSearchQuery',
  'edgeSearchQuery',
  'entityViewSearchQuery',
] as const;
export type AliasFilterType = (typeof ALIAS_FILTER_TYPES)[number];

/** Filter types that only make sense when edges are enabled. */
export const EDGE_ALIAS_FILTER_TYPES = [
  'edgeType',
  'edgeSearchQuery',
] as const satisfies readonly AliasFilterType[];

/** `stateEntity` is resolved by the console from the dashboard state; the server never sees it. */
export type EntityFilterType = Exclude<AliasFilterType, 'stateEntity'>;

export interface SingleEntityFilter {
  type: 'singleEntity';
  singleEntity: EntityId;
}

export interface EntityListFilter {
  type: 'entityList';
  entityType: EntityType;
  entityList: string[];
}

/** Entities of a type whose name starts with `entityNameFilter`. */
export interface EntityNameFilter {
  type: 'entityName';
  entityType: EntityType;
  entityNameFilter: string;
}

export interface EntityTypeFilter {
  type: 'entityType';
  entityType: EntityType;
}

/** Type equality plus a case-insensitive name prefix. */
export interface AssetTypeFilter {
  type: 'assetType';
  assetType: string;
  assetNameFilter?: string;
}

export interface DeviceTypeFilter {
  type: 'deviceType';
  deviceType: string;
  deviceNameFilter?: string;
}

export interface EdgeTypeFilter {
  type: 'edgeType';
  edgeType: string;
  edgeNameFilter?: string;
}

export interface EntityViewTypeFilter {
  type: 'entityViewType';
  entityViewType: string;
  entityViewNameFilter?: string;
}

export interface ApiUsageStateFilter {
  type: 'apiUsageState';
  customerId?: EntityId<'CUSTOMER'> | null;
}

interface RelationQueryBase {
  rootEntity: EntityId | null;
  direction: EntitySearchDirection;
  maxLevel: number;
  fetchLastLevelOnly?: boolean;
}

export interface RelationsQueryFilter extends RelationQueryBase {
  type: 'relationsQuery';
  filters: RelationEntityTypeFilter[];
  multiRoot?: boolean;
  multiRootEntitiesType?: EntityType | null;
  multiRootEntityIds?: string[];
}

export interface AssetSearchQueryFilter extends RelationQueryBase {
  type: 'assetSearchQuery';
  relationType: string | null;
  assetTypes: string[];
}

export interface DeviceSearchQueryFilter extends RelationQueryBase {
  type: 'deviceSearchQuery';
  relationType: string | null;
  deviceTypes: string[];
}

export interface EdgeSearchQueryFilter extends RelationQueryBase {
  type: 'edgeSearchQuery';
  relationType: string | null;
  edgeTypes: string[];
}

export interface EntityViewSearchQueryFilter extends RelationQueryBase {
  type: 'entityViewSearchQuery';
  relationType: string | null;
  entityViewTypes: string[];
}

/** Filters the server's query model accepts. */
export type EntityFilter =
  | SingleEntityFilter
  | EntityListFilter
  | EntityNameFilter
  | EntityTypeFilter
  | AssetTypeFilter
  | DeviceTypeFilter
  | EdgeTypeFilter
  | EntityViewTypeFilter
  | ApiUsageStateFilter
  | RelationsQueryFilter
  | AssetSearchQueryFilter
  | DeviceSearchQueryFilter
  | EdgeSearchQueryFilter
  | EntityViewSearchQueryFilter;

/** "Entity from dashboard state": the entity a state parameter names, or a default entity. */
export interface StateEntityFilter {
  type: 'stateEntity';
  stateEntityParamName?: string | null;
  defaultStateEntity?: EntityId | null;
}

/**
 * Console-side extras of relation-based alias filters: the root may come from the dashboard state
 * instead of `rootEntity`.
 */
export interface StateRootOptions {
  rootStateEntity?: boolean;
  stateEntityParamName?: string | null;
  defaultStateEntity?: EntityId | null;
}

/** The filter of an entity alias as stored in dashboard JSON. */
export type AliasFilter = (EntityFilter | StateEntityFilter) &
  StateRootOptions & { resolveMultiple?: boolean };

/** An entity alias as stored in a dashboard's `configuration.entityAliases`. */
export interface EntityAlias {
  id: string;
  alias: string;
  filter: AliasFilter;
}
