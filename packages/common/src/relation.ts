import type { EntityId, EntityType } from './entity-types.js';
import type { JsonValue } from './json.js';

/**
 * Relations between entities (spec 2 §3 "Relations"; reference §1.4, §1.5 EntityRelation).
 */

/** Relation types the console suggests; any other text is allowed too. */
export const RELATION_TYPES = ['Contains', 'Manages'] as const;
export type SuggestedRelationType = (typeof RELATION_TYPES)[number];
export const CONTAINS_RELATION_TYPE = 'Contains';
export const MANAGES_RELATION_TYPE = 'Manages';
/** Relation the server creates from a gateway to each device it connects (reference §4.3). */
export const CREATED_RELATION_TYPE = 'Created';
/** Relation between an edge and the entities assigned to it. */
export const MANAGED_BY_EDGE_RELATION_TYPE = 'ManagedByEdge';

/**
 * Relation type groups. Spec 2 lists COMMON, ALARM, DASHBOARD, RULE_CHAIN, RULE_NODE; the reference
 * backend also uses EDGE and EDGE_AUTO_ASSIGN_RULE_CHAIN. COMMON is the default.
 */
export const RELATION_TYPE_GROUPS = [
  'COMMON',
  'ALARM',
  'DASHBOARD',
  'RULE_CHAIN',
  'RULE_NODE',
  'EDGE',
  'EDGE_AUTO_ASSIGN_RULE_CHAIN',
] as const;
export type RelationTypeGroup = (typeof RELATION_TYPE_GROUPS)[number];
export const DEFAULT_RELATION_TYPE_GROUP: RelationTypeGroup = 'COMMON';

/** Direction of a relation search, seen from the root entity. */
export const ENTITY_SEARCH_DIRECTIONS = ['FROM', 'TO'] as const;
export type EntitySearchDirection = (typeof ENTITY_SEARCH_DIRECTIONS)[number];

/** A relation between two entities (reference §1.5 EntityRelation). */
export interface EntityRelation {
  from: EntityId;
  to: EntityId;
  type: string;
  typeGroup: RelationTypeGroup;
  additionalInfo?: JsonValue;
}

/** A relation with the names of both ends. */
export interface EntityRelationInfo extends EntityRelation {
  fromName: string;
  toName: string;
}

/** Follow relations of `relationType` (any when empty) to entities of `entityTypes` (any when empty). */
export interface RelationEntityTypeFilter {
  relationType: string | null;
  entityTypes: EntityType[];
}

/** Where a relation search starts, in which direction and how deep. */
export interface RelationsSearchParameters {
  rootId: string;
  rootType: EntityType;
  direction: EntitySearchDirection;
  relationTypeGroup?: RelationTypeGroup;
  maxLevel: number;
  fetchLastLevelOnly: boolean;
}

/** Body of `POST /api/relations` and `/api/relations/info`. */
export interface EntityRelationsQuery {
  parameters: RelationsSearchParameters;
  filters: RelationEntityTypeFilter[];
}

/** Deepest relation level the reference searches (`sql.relations.max_level`). */
export const MAX_RELATION_LEVEL = 50;
