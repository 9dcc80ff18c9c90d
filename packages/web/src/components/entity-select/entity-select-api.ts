import type { EntityId, EntityType } from '@meridian/common';
import type { PickerOption } from '../entity-table/EntityAutocomplete';

/** What the entity pickers read from the server, given by their caller (`api/entity-select.ts`). */
export interface EntitySelectApi {
  /** Entities of the type whose name contains the text, as options. */
  searchEntities(entityType: EntityType, text: string, signal: AbortSignal): Promise<PickerOption[]>;
  /** Names of saved entity ids, by id. */
  entityNames(ids: readonly EntityId[], signal: AbortSignal): Promise<Record<string, string>>;
  /** The tenant's subtypes of an entity type. */
  subtypes(entityType: EntityType, signal: AbortSignal): Promise<string[]>;
}
