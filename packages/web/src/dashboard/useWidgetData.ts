import {
  type AlarmData,
  type AlarmDataUpdate,
  type DataKey,
  type Datasource,
  type EntityDataUpdate,
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
import type { SubscriptionWindow } from './runtime/subscription-window';
import { createUpdateThrottle } from './runtime/update-throttle';
import {
  type DataMode,
  datasourceCommand,
  type EntityValues,
  initialValues,
  isSupportedDataKey,
  reduceUpdate,
} from './runtime/widget-data';
import { isCountDatasource, useEntityCounts } from './useEntityCounts';

export type WidgetDataStatus = 'loading' | 'noEntity' | 'error' | 'ready';

/** A widget redraws with new data at most this often (ms). */
const UPDATE_INTERVAL_MS = 100;

/** The oldest point a window keeps at this moment. */
function sinceTsOf(window: SubscriptionWindow, mode: DataMode): number {
  if (mode === 'latest') return 0;
  return window.kind === 'realtime' ? Date.now() - window.timewindowMs : window.startTs;
}

/** The keys a datasource's widget gets: an alarm widget's alarm fields as they are, else the fetchable ones. */
function keysOf(datasource: Datasource, kind: WidgetType): DataKey[] {
  return kind === 'alarm' || isCountDatasource(datasource)
    ? datasource.dataKeys
    : datasource.dataKeys.filter(isSupportedDataKey);
}

/**
 * A widget's data: resolves the aliases of its entity datasources, subscribes one entity data
 * command per datasource on the session's telemetry socket (an alarm widget: one alarm data
 * command for its `alarmSource`; an `entityCount` one, one entity count command), and ends them
 * when the widget goes.
 */
export function useWidgetData(
  config: WidgetConfig,
  kind: WidgetType,
  window: SubscriptionWindow,
): { status: WidgetDataStatus; data: DatasourceData[] } {
  const { http } = useServices();
  const socket = useTelemetrySocket();
  const { dashboardId, model, stateParams } = useDashboardRuntime();
  const mode: DataMode = kind === 'timeseries' ? 'timeseries' : 'latest';
  const alarmSource = kind === 'alarm' ? (config.alarmSource as Datasource | undefined) : undefined;
  const searchStatus = alarmSearchStatusOf(config.alarmSearchStatus);
  const datasources = useMemo(
    () =>
      (kind === 'alarm' ? (alarmSource ? [alarmSource] : []) : (config.datasources ?? []))
        .map(normalizeDatasource)
        .filter((d) => d.type === 'entity' || (kind !== 'alarm' && isCountDatasource(d))),
    [kind, alarmSource, config.datasources],
  );
  // Count datasources count their alias's entities on the server; they resolve nothing here.
  const aliases = datasources.map((d) =>
    d.entityAliasId && !isCountDatasource(d) ? model.entityAliases[d.entityAliasId] : undefined,
  );
  const counts = useEntityCounts(datasources);
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
  // biome-ignore lint/correctness/useExhaustiveDependencies: listsKey stands for entityLists
  useEffect(() => {
    const stops: (() => void)[] = [];
    setValues(datasources.map((d, i) => initialValues(entityLists[i] ?? [], keysOf(d, kind))));
    setAlarms([]);
    const keysByIndex = datasources.map((d) => d.dataKeys.filter(isSupportedDataKey));
    const valueUpdates = createUpdateThrottle<{ index: number; update: EntityDataUpdate }>((batch) => {
      const sinceTs = sinceTsOf(window, mode);
      setValues((current) => {
        const next = [...current];
        for (const { index, update } of batch) {
          next[index] = reduceUpdate(next[index] ?? [], update, keysByIndex[index] ?? [], sinceTs);
        }
        return next;
      });
    }, UPDATE_INTERVAL_MS);
    const alarmUpdates = createUpdateThrottle<{ index: number; update: AlarmDataUpdate }>((batch) => {
      setAlarms((current) => {
        const next = [...current];
        for (const { index, update } of batch) {
          next[index] = reduceAlarmUpdate(next[index] ?? [], update, searchStatus);
        }
        return next;
      });
    }, UPDATE_INTERVAL_MS);
    stops.push(valueUpdates.cancel, alarmUpdates.cancel);
    datasources.forEach((_datasource, index) => {
      const entities = entityLists[index];
      if (kind === 'alarm') {
        const command = entities ? alarmDataCommand(entities, searchStatus, window) : null;
        if (!command) return;
        stops.push(
          socket.subscribe('alarmDataCmds', command, (update) => alarmUpdates.push({ index, update })),
        );
        return;
      }
      const command = entities
        ? datasourceCommand(entities, keysByIndex[index] ?? [], mode, window, Date.now())
        : null;
      if (!command) return;
      stops.push(
        socket.subscribe('entityDataCmds', command, (update) => valueUpdates.push({ index, update })),
      );
    });
    return () => {
      for (const stop of stops) stop();
    };
  }, [socket, datasources, listsKey, mode, window, kind, searchStatus]);

  const data = datasources.map((datasource, index) => ({
    datasource,
    dataKeys: keysOf(datasource, kind),
    entities: counts[index] ?? values[index] ?? [],
    ...(kind === 'alarm' ? { alarms: alarms[index] ?? [] } : {}),
  }));
  let status: WidgetDataStatus = 'ready';
  if (resolutions.some((r) => r.isError)) status = 'error';
  else if (entityLists.some((list) => list === null)) status = 'loading';
  else if (
    datasources.some((d) => !isCountDatasource(d)) &&
    datasources.every((d, index) => isCountDatasource(d) || entityLists[index]?.length === 0)
  )
    status = 'noEntity';
  return { status, data };
}
