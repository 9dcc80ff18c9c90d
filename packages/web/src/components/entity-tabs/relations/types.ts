import type {
  EntityId,
  EntityRelation,
  EntityRelationInfo,
  EntitySearchDirection,
  EntityType,
} from '@meridian/common';
import type { PickerOption } from '../../entity-table/EntityAutocomplete';

/** An entity found by name for the relation dialog. */
export interface EntityOption extends PickerOption {
  entityId: EntityId;
}

/** The calls the Relations tab makes (`api/relations.ts` provides them). */
export interface RelationsTabApi {
  getRelations(
    entityId: EntityId,
    direction: EntitySearchDirection,
    signal: AbortSignal,
  ): Promise<EntityRelationInfo[]>;
  saveRelation(relation: EntityRelation): Promise<unknown>;
  deleteRelation(relation: EntityRelation): Promise<unknown>;
  /** Entities of a type whose name contains the text, that the user may see. */
  searchEntities(entityType: EntityType, text: string, signal: AbortSignal): Promise<EntityOption[]>;
}

/**
 * Entity types a relation may point at, per authority: those whose entities the user may change
 * (the server needs write access to both ends). Tenant administrators: devices, assets, entity
 * views, customers, users and dashboards of their tenant; customer users: their devices, assets and
 * entity views.
 */
export const RELATION_TARGET_TYPES = {
  TENANT_ADMIN: ['DEVICE', 'ASSET', 'ENTITY_VIEW', 'CUSTOMER', 'USER', 'DASHBOARD'],
  CUSTOMER_USER: ['DEVICE', 'ASSET', 'ENTITY_VIEW'],
} as const satisfies Record<string, readonly EntityType[]>;
