import type { Timewindow, WidgetType } from '@meridian/common';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, type ReactNode, Suspense, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCsv } from '../components/entity-table/download';
import { TimewindowButton } from '../components/timewindow/TimewindowButton';
import { findWidget } from '../widgets/registry';
import type { DatasourceData, WidgetDefinition } from '../widgets/widget-definition';
import { type ActionTarget, actionsOf } from './actions/widget-actions';
import { type WidgetActions, WidgetActionsContext } from './actions/widget-actions-context';
import { useDashboardRuntime } from './dashboard-runtime-context';
import { widgetDataCsv } from './export/widget-data-csv';
import { lazyWidget } from './lazy-widget';
import type { DashboardWidget } from './runtime/dashboard-model';
import { rpcDataConfig, targetDeviceOf } from './runtime/rpc-target';
import {
  localTimeZone,
  type SubscriptionWindow,
  subscriptionRange,
  subscriptionWindowOf,
} from './runtime/subscription-window';
import { dashboardSelectors } from './selectors';
import { useWidgetData } from './useWidgetData';
import { WidgetErrorBoundary } from './WidgetErrorBoundary';
import { WidgetFrame } from './WidgetFrame';
import { WidgetMessage } from './WidgetMessage';

/** The widget kinds with data to export (not static or RPC widgets). */
const EXPORTABLE_KINDS: readonly WidgetType[] = ['timeseries', 'latest', 'alarm'];

/** The entity a header button acts on: the widget's first entity, as in the reference. */
function activeEntity(data: readonly DatasourceData[]): ActionTarget {
  const entity = data[0]?.entities[0]?.entity;
  return entity ? { entityId: entity.id, entityName: entity.name, entityLabel: entity.label } : {};
}

/** Widget types with code of their own, run in a sandboxed frame (in their own chunk). */
const CustomWidget = lazy(async () => ({
  default: (await import('./custom-widget/CustomWidget')).CustomWidget,
}));

/** A widget's own window when it saved none: the defaults (one object, so nothing re-subscribes). */
const NO_TIMEWINDOW: Timewindow = {};

const loading = <CircularProgress size={24} sx={{ position: 'absolute', inset: 0, m: 'auto' }} />;

/** One widget of the layout: its frame, and inside it the widget or what stands in for it. */
export function WidgetHost({ widget }: { widget: DashboardWidget }) {
  const { t } = useTranslation();
  const definition = findWidget(widget);
  if (!definition) {
    const notFound = (
      <WidgetFrame
        widgetId={widget.id}
        config={{ ...widget.config, title: t('dashboard-viewer.widget-type-not-found') }}
      >
        <WidgetMessage
          text={t('dashboard-viewer.widget-type-not-found-text', {
            type: `${widget.bundleAlias}.${widget.typeAlias}`,
          })}
        />
      </WidgetFrame>
    );
    return (
      <Suspense fallback={loading}>
        <CustomWidget widget={widget} notFound={notFound} />
      </Suspense>
    );
  }
  return <KnownWidget widget={widget} definition={definition} />;
}

/**
 * A widget the console has: its frame with header actions, CSV export and, for a widget with
 * `useDashboardTimewindow: false`, its own time window, which the viewer may change from the header
 * when `displayTimewindow` is on (session only); and its actions for the widget itself.
 */
function KnownWidget({ widget, definition }: { widget: DashboardWidget; definition: WidgetDefinition }) {
  const { t } = useTranslation();
  const runtime = useDashboardRuntime();
  const { runAction } = runtime;
  const config = widget.config;
  const owns = definition.ownsAction;
  const actions = useMemo<WidgetActions>(
    () => ({ of: (sourceId) => actionsOf(config, sourceId, owns), run: runAction }),
    [config, runAction, owns],
  );
  const own = config.useDashboardTimewindow === false;
  const [changed, setChanged] = useState<{ saved: unknown; timewindow: Timewindow } | null>(null);
  const saved = config.timewindow;
  const ownTimewindow = own
    ? changed && changed.saved === saved
      ? changed.timewindow
      : (saved ?? NO_TIMEWINDOW)
    : undefined;
  const headerEnd =
    ownTimewindow && config.displayTimewindow !== false ? (
      <TimewindowButton
        value={ownTimewindow}
        onChange={(timewindow) => setChanged({ saved, timewindow })}
        testIdPrefix={`${dashboardSelectors.widgetTimewindow}-${widget.id}`}
        variant="text"
      />
    ) : undefined;
  // A widget with its own time window keeps it; the rest follow the dashboard's.
  const ownWindow = useMemo(
    () => (ownTimewindow ? subscriptionWindowOf(ownTimewindow, Date.now(), localTimeZone()) : undefined),
    [ownTimewindow],
  );
  const window = ownWindow ?? runtime.window;
  // The chart's width when it first shows, for downsampling its reads (decision 0028).
  const measure = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number>();
  useLayoutEffect(() => {
    setWidth((known) => known ?? measure.current?.clientWidth ?? 0);
  }, []);
  const isRpc = definition.kind === 'rpc';
  // An RPC widget subscribes its target device (and the key it follows) instead of datasources.
  const dataConfig = useMemo(
    () => (isRpc ? rpcDataConfig(config, definition.valueSource) : config),
    [isRpc, config, definition.valueSource],
  );
  // Subscribed here, outside the Suspense boundary of the widget's chunk: the data comes while the
  // chunk loads, not after it (a suspended subtree runs no effects until it shows).
  const feed = useWidgetData(dataConfig, definition.kind, window, definition.downsamples ? width : null);
  // The data the widget shows now, read when the user exports it.
  const shownData = useRef<DatasourceData[]>([]);
  shownData.current = feed.data;
  const exportable = EXPORTABLE_KINDS.includes(definition.kind) && config.enableDataExport !== false;
  const exportCsv = () =>
    downloadCsv(
      `${config.title || widget.typeAlias}.csv`,
      widgetDataCsv(definition.kind, shownData.current, {
        timestamp: t('dashboard-viewer.timestamp'),
        entityName: t('dashboard-viewer.entity-name'),
      }),
    );
  return (
    <WidgetActionsContext.Provider value={actions}>
      <WidgetFrame
        widgetId={widget.id}
        config={config}
        headerActions={actions.of('headerButton')}
        onHeaderAction={(action, anchor) => runAction(action, activeEntity(shownData.current), anchor)}
        onExport={exportable ? exportCsv : undefined}
        headerEnd={headerEnd}
      >
        <div
          ref={measure}
          aria-hidden
          style={{ position: 'absolute', left: 0, right: 0, top: 0, height: 0 }}
        />
        <WidgetErrorBoundary
          fallback={(error) => (
            <WidgetMessage text={t('dashboard-viewer.widget-error')} detail={error.message} />
          )}
        >
          <Suspense fallback={loading}>
            <WidgetBody widget={widget} definition={definition} window={window} feed={feed} />
          </Suspense>
        </WidgetErrorBoundary>
      </WidgetFrame>
    </WidgetActionsContext.Provider>
  );
}

function WidgetBody({
  widget,
  definition,
  window,
  feed: { status, data, scriptError },
}: {
  widget: DashboardWidget;
  definition: WidgetDefinition;
  window: SubscriptionWindow;
  feed: ReturnType<typeof useWidgetData>;
}) {
  const { t } = useTranslation();
  const runtime = useDashboardRuntime();
  const isRpc = definition.kind === 'rpc';
  const Widget = lazyWidget(definition);
  const range = subscriptionRange(window, Date.now());
  let body: ReactNode;
  if (status === 'loading') body = loading;
  else if (status === 'error') body = <WidgetMessage text={t('dashboard-viewer.aliases-failed')} />;
  // A failing tenant function (post-processing, function key) shows in this widget only.
  else if (scriptError)
    body = <WidgetMessage text={t('dashboard-viewer.script-error')} detail={scriptError} />;
  else if (isRpc) {
    // No target device is the widget's own message, as in the reference.
    const rpc = {
      device: targetDeviceOf(data[0]?.entities.map((values) => values.entity)),
      readOnly: runtime.readOnly,
    };
    body = <Widget config={widget.config} data={data} range={range} rpc={rpc} />;
  } else if (status === 'noEntity') body = <WidgetMessage text={t('dashboard-viewer.no-entity-found')} />;
  else body = <Widget config={widget.config} data={data} range={range} />;
  return body;
}
