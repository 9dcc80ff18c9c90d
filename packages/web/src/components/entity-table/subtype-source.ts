import type { EntitySubtype } from '@meridian/common';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';

/** The query of the tenant's subtypes of one entity type (`/api/asset/types`, `/api/entityView/types`, …). */
export type SubtypesQuery<K extends QueryKey> = UseQueryOptions<EntitySubtype[], Error, EntitySubtype[], K>;

/**
 * The subtypes of one entity type (asset types, entity view types), shared by its form field and
 * its table filter: where they load from, the message namespace `one` ('asset') the texts are
 * named in (see {@link subtypeKeys}), and the test ids of the field and the filter.
 */
export interface SubtypeSource<K extends QueryKey> {
  typesQuery: SubtypesQuery<K>;
  one: string;
  testIds: { type: string; typeFilter: string };
}

/** The i18n keys of an entity type's subtype texts: `<one>.<one>-type`, `<one>.type-required`, … */
export function subtypeKeys(one: string) {
  return {
    label: `${one}.${one}-type`,
    required: `${one}.type-required`,
    maxLength: `${one}.type-max-length`,
  };
}

/** The names of the subtypes the query loads; none while it loads. */
export function useSubtypeOptions<K extends QueryKey>(query: SubtypesQuery<K>): string[] {
  const types = useQuery(query);
  return (types.data ?? []).map((item) => item.type);
}
