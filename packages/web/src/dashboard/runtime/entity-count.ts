import {
  type DashboardFilter,
  type DataKey,
  type Datasource,
  type EntityAlias,
  type EntityCountCmd,
  type EntityCountUpdate,
  keyFilterInfosToKeyFilters,
  NULL_UUID,
} from '@meridian/common';
import { type AliasEntity, queryFilterOf } from './alias-resolution';
import type { StateParams } from './state-param';
import { type EntityValues, mergeSeries } from './widget-data';

/**
 * Entity count datasources (reference `type: 'entityCount'`): how many entities the alias resolves
 * to, followed live with an entity count command (reference §3.3). The count shows as the value
 * of the datasource's `count` keys.
 */

export function isCountKey(dataKey: DataKey): boolean {
  return dataKey.type === 'count';
}

/** The one entity an entity count datasource stands for, named after its alias. */
export function countEntity(datasource: Datasource, alias: EntityAlias | undefined): AliasEntity {
  const name = alias?.alias ?? datasource.aliasName ?? datasource.name ?? 'count';
  return { id: { id: NULL_UUID, entityType: 'DEVICE' }, name, label: name };
}

/**
 * The count command of an alias in a state, counting only the entities that pass the datasource's
 * dashboard filter (`filterId`), as the reference's firmware dashboard counts devices per update
 * state; null when the alias names no entity (count 0).
 */
export function entityCountCommand(
  alias: EntityAlias | undefined,
  params: StateParams,
  filter?: DashboardFilter,
): Omit<EntityCountCmd, 'cmdId'> | null {
  const entityFilter = alias ? queryFilterOf(alias.filter, params) : null;
  if (!entityFilter) return null;
  const keyFilters = filter ? keyFilterInfosToKeyFilters(filter.keyFilters) : [];
  return { query: { entityFilter, ...(keyFilters.length > 0 ? { keyFilters } : {}) } };
}

/** The values after a count update: every count key gets the count, now. */
export function applyCount(
  values: EntityValues,
  dataKeys: readonly DataKey[],
  update: Pick<EntityCountUpdate, 'count' | 'errorCode'>,
  nowMs: number,
  sinceTs: number,
): EntityValues {
  if (update.errorCode !== 0) return values;
  const point = { ts: nowMs, value: String(update.count) };
  return {
    ...values,
    latest: dataKeys.map((key, i) => (isCountKey(key) ? point : values.latest[i])),
    series: dataKeys.map((key, i) =>
      isCountKey(key) ? mergeSeries(values.series[i] ?? [], [point], sinceTs) : (values.series[i] ?? []),
    ),
  };
}
