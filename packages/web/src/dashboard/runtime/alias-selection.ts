import type { EntityAlias, EntityDataQuery } from '@meridian/common';
import { type AliasEntity, aliasQuery, queryFilterOf } from './alias-resolution';
import type { StateParams } from './state-param';

/**
 * The toolbar's entity aliases select (reference console §5.2): an alias that shows one entity
 * although its filter matches several lets the viewer pick which one, for this view only.
 */

/** Filters that can name one entity only: nothing to pick from. */
const SINGLE_ENTITY_FILTERS = new Set(['singleEntity', 'stateEntity', 'apiUsageState']);

/** Page size of the entity list of one alias in the select. */
export const ALIAS_ENTITY_PAGE_SIZE = 50;

/** The aliases whose entity the viewer may pick, in the dashboard's order. */
export function selectableAliases(aliases: Record<string, EntityAlias>): EntityAlias[] {
  return Object.values(aliases).filter(
    (alias) =>
      alias?.filter && alias.filter.resolveMultiple !== true && !SINGLE_ENTITY_FILTERS.has(alias.filter.type),
  );
}

/** The entities an alias may show, matching the typed text, for its list in the select. */
export function aliasCandidatesQuery(
  alias: EntityAlias,
  params: StateParams,
  textSearch: string,
): EntityDataQuery | null {
  const filter = queryFilterOf(alias.filter, params);
  if (!filter) return null;
  const query = aliasQuery(filter, true);
  return {
    ...query,
    pageLink: {
      ...query.pageLink,
      pageSize: ALIAS_ENTITY_PAGE_SIZE,
      textSearch: textSearch.trim() || null,
      sortOrder: { key: { type: 'ENTITY_FIELD', key: 'name' }, direction: 'ASC' },
    },
  };
}

/** What the select's button says: the entity when one alias is selectable, else the word for several. */
export function aliasSelectLabel(current: readonly (AliasEntity | null)[], several: string): string {
  const shown = current.filter((entity) => entity !== null);
  return shown.length === 1 && current.length === 1 ? (shown[0]?.name ?? several) : several;
}
