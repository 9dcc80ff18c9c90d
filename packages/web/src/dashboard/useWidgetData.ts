import {
  type AlarmData,
  type AlarmDataUpdate,
  type DashboardFilter,
  type DataKey,
  type Datasource,
  keyFilterInfosToKeyFilters,
  normalizeDatasource,
  type WidgetConfig,
  type WidgetType,
} from '@meridian/common';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { type AliasView, aliasResolutionQuery } from '../api/dashboard-runtime';
import { useTelemetrySocket } from '../api/ws/use-telemetry-socket';
import { useServices } from '../app/services/useServices';
import type { DatasourceData } from '../widgets/widget-definition';
import { useDashboardRuntime } from './dashboard-runtime-context';
import { type FeedContext, startCountFeed, startFunctionFeed } from './datasource-feeds';
import { alarmDataCommand, alarmSearchStatusOf, reduceAlarmUpdate } from './runtime/alarm-data';
import type { AliasEntity } from './runtime/alias-resolution';
import { countEntity, entityCountCommand, isCountKey } from './runtime/entity-count';
import { functionEntity } from './runtime/function-datasource';
import {
  chartAggregation,
  type SubscriptionWindow,
  type WindowAggregation,
  windowStartTs,
} from './runtime/subscription-window';
import { createUpdateThrottle } from './runtime/update-throttle';
import { type DataMode, type EntityValues, initialValues, isSupportedDataKey } from './runtime/widget-data';
import { tenantSandbox } from './sandbox/tenant-scripts';
import { startSharedEntityFeed } from './shared-feeds';

export type WidgetDataStatus = 'loading' | 'noEntity' | 'error' | 'ready';

/** A widget redraws with new data at most this often (ms). */
const UPDATE_INTERVAL_MS = 100;

/** The oldest point a window keeps at this moment. */
function sinceTsOf(
  window: SubscriptionWindow,
  mode: DataMode,
  aggregation: WindowAggregation | undefined,
): number {
  if (mode === 'latest') return 0;
  return windowStartTs(window, Date.now(), aggregation);
}

/**
 * The keys a datasource's widget gets: an alarm widget's alarm fields as they are, a function
 * datasource's function keys, an entity count's count keys, else the fetchable ones.
 */
function keysOf(datasource: Datasource, kind: WidgetType): DataKey[] {
  if (kind === 'alarm') return datasource.dataKeys;
  if (datasource.type === 'function') return datasource.dataKeys.filter((k) => k.type === 'function');
  if (datasource.type === 'entityCount') return datasource.dataKeys.filter(isCountKey);
  return datasource.dataKeys.filter(isSupportedDataKey);
}

/** How the view narrows a datasource's alias: its dashboard filter's key filters, the toolbar's pick. */
function aliasViewOf(filter: DashboardFilter | undefined, selected: AliasEntity | undefined): AliasView {
  const keyFilters = filter ? keyFilterInfosToKeyFilters(filter.keyFilters ?? []) : [];
  return { ...(keyFilters.length > 0 ? { keyFilters } : {}), ...(selected ? { selected } : {}) };
}

/** Datasource types this viewer feeds: entities, generated values and entity counts. */
const FED_TYPES = new Set(['entity', 'function', 'entityCount']);

/**
 * A widget's data: resolves the aliases of its entity datasources, subscribes one entity data
 * command per datasource on the session's telemetry socket (an alarm widget: one alarm data
 * command for its `alarmSource`), generates function datasources' values and follows entity
 * counts (datasource-feeds.ts), and ends them all when the widget goes.
 */
export function useWidgetData(
  config: WidgetConfig,
  kind: WidgetType,
  window: SubscriptionWindow,
  /**
   * Width of the chart in px, for downsampling its reads; a time-series widget waits for it
   * (undefined until measured) so it subscribes once. Null: not a chart, read every point.
   */
  chartWidth?: number | null,
): {
  status: WidgetDataStatus;
  data: DatasourceData[];
  /** The first error of a tenant function of this widget (post-processing, function key), if any. */
  scriptError: string | null;
} {
  const { http } = useServices();
  const socket = useTelemetrySocket();
  const { dashboardId, model, stateParams, filters, aliasSelections } = useDashboardRuntime();
  const mode: DataMode = kind === 'timeseries' ? 'timeseries' : 'latest';
  const aggregation = useMemo(() => {
    if (mode !== 'timeseries') return undefined;
    return chartWidth === null ? window.aggregation : chartAggregation(window, chartWidth ?? 0);
  }, [mode, window, chartWidth]);
  const alarmSource = kind === 'alarm' ? (config.alarmSource as Datasource | undefined) : undefined;
  const searchStatus = alarmSearchStatusOf(config.alarmSearchStatus);
  const datasources = useMemo(
    () =>
      (kind === 'alarm' ? (alarmSource ? [alarmSource] : []) : (config.datasources ?? []))
        .map(normalizeDatasource)
        .filter((d) => (kind === 'alarm' ? d.type === 'entity' : FED_TYPES.has(d.type))),
    [kind, alarmSource, config.datasources],
  );
  const aliasOf = (d: Datasource) => (d.entityAliasId ? model.entityAliases[d.entityAliasId] : undefined);
  const filterOf = (d: Datasource) => (d.filterId ? filters[d.filterId] : undefined);
  // Only entity datasources resolve their alias to entities; an entity count counts its filter's.
  const resolved = datasources.flatMap((d, index) => {
    const alias = d.type === 'entity' ? aliasOf(d) : undefined;
    return alias ? [{ index, alias, view: aliasViewOf(filterOf(d), aliasSelections[alias.id]) }] : [];
  });
  const resolutions = useQueries({
    queries: resolved.map(({ alias, view }) =>
      aliasResolutionQuery(http, dashboardId, alias, stateParams, view),
    ),
  });
  // A datasource without a known alias names no entity; one still resolving is null.
  const entityLists: (AliasEntity[] | null)[] = datasources.map((datasource, index) => {
    if (datasource.type === 'function') return [functionEntity(datasource)];
    if (datasource.type === 'entityCount') return [countEntity(datasource, aliasOf(datasource))];
    const resolution = resolutions[resolved.findIndex((r) => r.index === index)];
    if (!resolution) return [];
    if (!resolution.data) return null;
    return resolution.data.kind === 'entities' ? resolution.data.entities : [];
  });
  // Names and labels too: a renamed entity (an admin table's edit) shows its new name.
  const listsKey = JSON.stringify(
    entityLists.map((list) => list?.map((e) => [e.id.id, e.name, e.label]) ?? null),
  );
  const countCommands = datasources.map((d) =>
    d.type === 'entityCount' ? entityCountCommand(aliasOf(d), stateParams, filterOf(d)) : null,
  );
  const countsKey = JSON.stringify(countCommands);

  const [values, setValues] = useState<EntityValues[][]>([]);
  const [alarms, setAlarms] = useState<AlarmData[][]>([]);
  const [scriptError, setScriptError] = useState<string | null>(null);
  const waiting = mode === 'timeseries' && chartWidth === undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: listsKey and countsKey stand for entityLists and countCommands
  useEffect(() => {
    const stops: (() => void)[] = [];
    if (waiting) return undefined;
    setValues(datasources.map((d, i) => initialValues(entityLists[i] ?? [], keysOf(d, kind))));
    setAlarms([]);
    setScriptError(null);
    type ValuesChange = (values: EntityValues[]) => EntityValues[];
    const valueUpdates = createUpdateThrottle<{ index: number; change: ValuesChange }>(
      (batch) =>
        setValues((current) => {
          const copy = [...current];
          for (const { index, change } of batch) copy[index] = change(copy[index] ?? []);
          return copy;
        }),
      UPDATE_INTERVAL_MS,
    );
    const alarmUpdates = createUpdateThrottle<{ index: number; update: AlarmDataUpdate }>(
      (batch) =>
        setAlarms((current) => {
          const copy = [...current];
          for (const { index, update } of batch) {
            copy[index] = reduceAlarmUpdate(copy[index] ?? [], update, searchStatus);
          }
          return copy;
        }),
      UPDATE_INTERVAL_MS,
    );
    stops.push(valueUpdates.cancel, alarmUpdates.cancel);
    const feeds: FeedContext = {
      socket,
      sandbox: tenantSandbox,
      mode,
      window,
      aggregation,
      sinceTs: () => sinceTsOf(window, mode, aggregation),
      update: (index, change) => valueUpdates.push({ index, change }),
      fail: (message) => setScriptError((known) => known ?? message),
    };
    datasources.forEach((datasource, index) => {
      const entities = entityLists[index];
      if (kind === 'alarm') {
        const command = entities ? alarmDataCommand(entities, searchStatus, window) : null;
        if (!command) return;
        stops.push(
          socket.subscribe('alarmDataCmds', command, (update) => alarmUpdates.push({ index, update })),
        );
        return;
      }
      const dataKeys = keysOf(datasource, kind);
      if (datasource.type === 'function') {
        const [entity] = entities ?? [];
        if (entity) stops.push(startFunctionFeed(feeds, index, entity, dataKeys));
      } else if (datasource.type === 'entityCount') {
        stops.push(startCountFeed(feeds, index, countCommands[index] ?? null, dataKeys));
      } else if (entities) {
        stops.push(startSharedEntityFeed(feeds, index, entities, dataKeys));
      }
    });
    return () => {
      for (const stop of stops) stop();
    };
  }, [socket, datasources, listsKey, countsKey, mode, window, kind, searchStatus, aggregation, waiting]);

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
  return { status, data, scriptError };
}
