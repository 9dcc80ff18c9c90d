import {
  type DashboardFilter,
  type DataKey,
  type EntityAlias,
  type EntityCountQuery,
  keyFilterInfosToKeyFilters,
  NULL_UUID,
} from '@meridian/common';
import { queryFilterOf } from './alias-resolution';
import type { StateParams } from './state-param';
import type { EntityValues } from './widget-data';

/**
 * Datasources of type `entityCount` (reference console §5.1): their `count` keys hold how many
 * entities of the alias pass the datasource's dashboard filter (`filterId`), live, as the
 * reference's firmware and software dashboards show device counts per update state.
 */

/** The count query of such a datasource; null when its alias names no entity in this state. */
export function entityCountQuery(
  alias: EntityAlias | undefined,
  filter: DashboardFilter | undefined,
  params: StateParams,
): EntityCountQuery | null {
  const entityFilter = alias ? queryFilterOf(alias.filter, params) : null;
  if (!entityFilter) return null;
  return { entityFilter, keyFilters: filter ? keyFilterInfosToKeyFilters(filter.keyFilters) : [] };
}

/** A count datasource's values: one row, named after the alias, whose count keys hold the count. */
export function countValues(
  dataKeys: readonly DataKey[],
  count: { value: number; ts: number } | undefined,
  aliasName: string,
): EntityValues[] {
  return [
    {
      entity: { id: { entityType: 'TENANT', id: NULL_UUID }, name: aliasName, label: '' },
      latest: dataKeys.map((key) =>
        key.type === 'count' && count ? { ts: count.ts, value: String(count.value) } : undefined,
      ),
      series: dataKeys.map(() => []),
    },
  ];
}
