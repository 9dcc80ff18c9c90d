import {
  type AlarmData,
  type DataKey,
  type Datasource,
  normalizeDatasource,
  type WidgetConfig,
  type WidgetType,
} from '@meridian/common';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { aliasResolutionQuery } from '../api/dashboard-runtime';
import { useTelemetrySocket } from '../api/ws/use-telemetry-socket';
import { useServices } from '../app/services/useServices';
import type { DatasourceData } from '../widgets/widget-definition';
import { useDashboardRuntime } from './dashboard-runtime-context';
import { alarmDataCommand, alarmSearchStatusOf, reduceAlarmUpdate } from './runtime/alarm-data';
import type { AliasEntity } from './runtime/alias-resolution';
import {
  chartAggregation,
  type SubscriptionWindow,
  type WindowAggregation,
  windowStartTs,
} from './runtime/subscription-window';
import {
  type DataMode,
  datasourceCommand,
  type EntityValues,
  initialValues,
  isSupportedDataKey,
  reduceUpdate,
} from './runtime/widget-data';

export type WidgetDataStatus = 'loading' | 'noEntity' | 'error' | 'ready';

/** The oldest point a window keeps at this moment. */
function sinceTsOf(
  window: SubscriptionWindow,
  mode: DataMode,
  aggregation: WindowAggregation | undefined,
): number {
  if (mode === 'latest') return 0;
  return windowStartTs(window, Date.now(), aggregation);
}

/** The keys a datasource's widget gets: an alarm widget's alarm fields as they are, else the fetchable ones. */
function keysOf(datasource: Datasource, kind: WidgetType): DataKey[] {
  return kind === 'alarm' ? datasource.dataKeys : datasource.dataKeys.filter(isSupportedDataKey);
}

/**
 * A widget's data: resolves the aliases of its entity datasources, subscribes one entity data
 * command per datasource on the session's telemetry socket (an alarm widget: one alarm data
 * command for its `alarmSource`), and ends them when the widget goes.
 */
export function useWidgetData(
  config: WidgetConfig,
  kind: WidgetType,
  window: SubscriptionWindow,
  /**
   * Width of the chart in px, for downsampling its reads; a time-series widget waits for it
   * (undefined until measured) so it subscribes once.
   */
  chartWidth?: number,
): { status: WidgetDataStatus; data: DatasourceData[] } {
  const { http } = useServices();
  const socket = useTelemetrySocket();
  const { dashboardId, model, stateParams } = useDashboardRuntime();
  const mode: DataMode = kind === 'timeseries' ? 'timeseries' : 'latest';
  const aggregation = useMemo(
    () => (mode === 'timeseries' ? chartAggregation(window, chartWidth ?? 0) : undefined),
    [mode, window, chartWidth],
  );
  const alarmSource = kind === 'alarm' ? (config.alarmSource as Datasource | undefined) : undefined;
  const searchStatus = alarmSearchStatusOf(config.alarmSearchStatus);
  const datasources = useMemo(
    () =>
      (kind === 'alarm' ? (alarmSource ? [alarmSource] : []) : (config.datasources ?? []))
        .map(normalizeDatasource)
        .filter((d) => d.type === 'entity'),
    [kind, alarmSource, config.datasources],
  );
  const aliases = datasources.map((d) =>
    d.entityAliasId ? model.entityAliases[d.entityAliasId] : undefined,
  );
  const known = aliases.filter((alias) => alias !== undefined);
  const resolutions = useQueries({
    queries: known.map((alias) => aliasResolutionQuery(http, dashboardId, alias, stateParams)),
  });
  // A datasource without a known alias names no entity; one still resolving is null.
  const entityLists: (AliasEntity[] | null)[] = aliases.map((alias) => {
    const resolution = alias ? resolutions[known.indexOf(alias)] : undefined;
    if (!resolution) return [];
    if (!resolution.data) return null;
    return resolution.data.kind === 'entities' ? resolution.data.entities : [];
  });
  const listsKey = JSON.stringify(entityLists.map((list) => list?.map((e) => e.id.id) ?? null));

  const [values, setValues] = useState<EntityValues[][]>([]);
  const [alarms, setAlarms] = useState<AlarmData[][]>([]);
  const waiting = mode === 'timeseries' && chartWidth === undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: listsKey stands for entityLists
  useEffect(() => {
    const stops: (() => void)[] = [];
    if (waiting) return undefined;
    setValues(datasources.map((d, i) => initialValues(entityLists[i] ?? [], keysOf(d, kind))));
    setAlarms([]);
    datasources.forEach((datasource, index) => {
      const entities = entityLists[index];
      if (kind === 'alarm') {
        const command = entities ? alarmDataCommand(entities, searchStatus, window) : null;
        if (!command) return;
        stops.push(
          socket.subscribe('alarmDataCmds', command, (update) => {
            setAlarms((current) => {
              const next = [...current];
              next[index] = reduceAlarmUpdate(current[index] ?? [], update, searchStatus);
              return next;
            });
          }),
        );
        return;
      }
      const dataKeys = datasource.dataKeys.filter(isSupportedDataKey);
      const command = entities
        ? datasourceCommand(entities, dataKeys, mode, window, Date.now(), aggregation)
        : null;
      if (!command) return;
      stops.push(
        socket.subscribe('entityDataCmds', command, (update) => {
          setValues((current) => {
            const next = [...current];
            next[index] = reduceUpdate(
              current[index] ?? [],
              update,
              dataKeys,
              sinceTsOf(window, mode, aggregation),
              window.kind === 'realtime' ? aggregation : undefined,
            );
            return next;
          });
        }),
      );
    });
    return () => {
      for (const stop of stops) stop();
    };
  }, [socket, datasources, listsKey, mode, window, kind, searchStatus, aggregation, waiting]);

  const data = datasources.map((datasource, index) => ({
    datasource,
    dataKeys: keysOf(datasource, kind),
    entities: values[index] ?? [],
    ...(kind === 'alarm' ? { alarms: alarms[index] ?? [] } : {}),
  }));
  let status: WidgetDataStatus = 'ready';
  if (resolutions.some((r) => r.isError)) status = 'error';
  else if (waiting || entityLists.some((list) => list === null)) status = 'loading';
  else if (datasources.length > 0 && entityLists.every((list) => list?.length === 0)) status = 'noEntity';
  return { status, data };
}
