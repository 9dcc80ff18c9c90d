import type { Datasource } from '@meridian/common';
import { useEffect, useMemo, useState } from 'react';
import { useTelemetrySocket } from '../api/ws/use-telemetry-socket';
import { useDashboardRuntime } from './dashboard-runtime-context';
import { countValues, entityCountQuery } from './runtime/entity-count';
import type { EntityValues } from './runtime/widget-data';

export const isCountDatasource = (datasource: Datasource) => datasource.type === 'entityCount';

/**
 * The values of a widget's `entityCount` datasources, by datasource index (undefined for the
 * others): one entity count command per such datasource on the session's telemetry socket.
 */
export function useEntityCounts(datasources: readonly Datasource[]): (EntityValues[] | undefined)[] {
  const socket = useTelemetrySocket();
  const { model, stateParams } = useDashboardRuntime();
  const queries = useMemo(
    () =>
      datasources.map((datasource) =>
        isCountDatasource(datasource)
          ? entityCountQuery(
              datasource.entityAliasId ? model.entityAliases[datasource.entityAliasId] : undefined,
              datasource.filterId ? model.filters[datasource.filterId] : undefined,
              stateParams,
            )
          : null,
      ),
    [datasources, model, stateParams],
  );
  const queriesKey = JSON.stringify(queries);
  const [counts, setCounts] = useState<({ value: number; ts: number } | undefined)[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: queriesKey stands for queries
  useEffect(() => {
    setCounts([]);
    const stops = queries.flatMap((query, index) =>
      query
        ? [
            socket.subscribe('entityCountCmds', { query }, (update) => {
              if (update.errorCode !== 0) return;
              setCounts((current) => {
                const next = [...current];
                next[index] = { value: update.count, ts: Date.now() };
                return next;
              });
            }),
          ]
        : [],
    );
    return () => {
      for (const stop of stops) stop();
    };
  }, [socket, queriesKey]);
  return datasources.map((datasource, index) =>
    isCountDatasource(datasource)
      ? countValues(
          datasource.dataKeys,
          counts[index],
          (datasource.entityAliasId && model.entityAliases[datasource.entityAliasId]?.alias) || '',
        )
      : undefined,
  );
}
