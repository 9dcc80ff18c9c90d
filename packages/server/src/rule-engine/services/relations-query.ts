import {
  ENTITY_SEARCH_DIRECTIONS,
  ENTITY_TYPES,
  type EntitySearchDirection,
  type EntityType,
  isJsonObject,
  type JsonObject,
  MAX_RELATION_LEVEL,
} from '@meridian/common';
import { configBoolean, configEnum, configInteger, configString, configStringList } from '../config.js';
import { RuleNodeConfigError } from '../node.js';

/** One relation filter of a query: a relation type (empty: any) and far-end entity types (empty: any). */
export interface RelationFilterConfig {
  relationType: string;
  entityTypes: EntityType[];
}

/** The reference's RelationsQuery of node configurations (change originator, related attributes). */
export interface RelationsQueryConfig {
  direction: EntitySearchDirection;
  /** 1..MAX_RELATION_LEVEL; the reference reads 0 or less as "as deep as allowed". */
  maxLevel: number;
  fetchLastLevelOnly: boolean;
  filters: RelationFilterConfig[];
}

export const DEFAULT_RELATIONS_QUERY = {
  direction: 'FROM',
  maxLevel: 1,
  filters: [{ relationType: 'Contains', entityTypes: [] }],
  fetchLastLevelOnly: false,
} satisfies JsonObject;

/** The depth a stored maxLevel means. */
export function effectiveMaxLevel(maxLevel: number): number {
  return maxLevel > 0 ? Math.min(maxLevel, MAX_RELATION_LEVEL) : MAX_RELATION_LEVEL;
}

export function configEntityTypes(
  raw: JsonObject,
  key: string,
  fallback: readonly EntityType[],
): EntityType[] {
  const types = configStringList(raw, key, fallback);
  for (const type of types) {
    if (!(ENTITY_TYPES as readonly string[]).includes(type)) {
      throw new RuleNodeConfigError(`'${key}' has an unknown entity type '${type}'`);
    }
  }
  return types as EntityType[];
}

/** Reads `raw[key]` as a relations query; a missing query is refused (it says what to look for). */
export function configRelationsQuery(raw: JsonObject, key: string): RelationsQueryConfig {
  const value = raw[key];
  if (value === undefined || value === null) throw new RuleNodeConfigError(`'${key}' is required`);
  if (!isJsonObject(value)) throw new RuleNodeConfigError(`'${key}' must be an object`);
  const filtersValue = value.filters;
  if (filtersValue !== undefined && filtersValue !== null && !Array.isArray(filtersValue)) {
    throw new RuleNodeConfigError(`'${key}.filters' must be a list`);
  }
  const filters = (filtersValue ?? []).map((filter, index) => {
    if (!isJsonObject(filter)) throw new RuleNodeConfigError(`'${key}.filters[${index}]' must be an object`);
    return {
      relationType: configString(filter, 'relationType', ''),
      entityTypes: configEntityTypes(filter, 'entityTypes', []),
    };
  });
  return {
    direction: configEnum(value, 'direction', ENTITY_SEARCH_DIRECTIONS, 'FROM'),
    maxLevel: configInteger(value, 'maxLevel', 1),
    fetchLastLevelOnly: configBoolean(value, 'fetchLastLevelOnly', false),
    filters,
  };
}
