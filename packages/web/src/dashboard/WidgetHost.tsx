import type { WidgetType } from '@meridian/common';
import CircularProgress from '@mui/material/CircularProgress';
import { type RefObject, Suspense, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCsv } from '../components/entity-table/download';
import { findWidget } from '../widgets/registry';
import type { DatasourceData, WidgetDefinition } from '../widgets/widget-definition';
import { actionsOf } from './actions/widget-actions';
import { type WidgetActions, WidgetActionsContext } from './actions/widget-actions-context';
import { useDashboardRuntime } from './dashboard-runtime-context';
import { widgetDataCsv } from './export/widget-data-csv';
import { lazyWidget } from './lazy-widget';
import type { DashboardWidget } from './runtime/dashboard-model';
import { rpcDataConfig, targetDeviceOf } from './runtime/rpc-target';
import { localTimeZone, subscriptionRange, subscriptionWindowOf } from './runtime/subscription-window';
import { useWidgetData } from './useWidgetData';
import { WidgetErrorBoundary } from './WidgetErrorBoundary';
import { WidgetFrame } from './WidgetFrame';
import { WidgetMessage } from './WidgetMessage';

/** The widget kinds with data to export (not static or RPC widgets). */
const EXPORTABLE_KINDS: readonly WidgetType[] = ['timeseries', 'latest', 'alarm'];

const loading = <CircularProgress size={24} sx={{ position: 'absolute', inset: 0, m: 'auto' }} />;

/** One widget of the layout: its frame, and inside it the widget or what stands in for it. */
export function WidgetHost({ widget }: { widget: DashboardWidget }) {
  const { t } = useTranslation();
  const definition = findWidget(widget);
  if (!definition) {
    return (
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
  }
  return <KnownWidget widget={widget} definition={definition} />;
}

/** A widget the console has: its frame with header actions, and its actions for the widget itself. */
function KnownWidget({ widget, definition }: { widget: DashboardWidget; definition: WidgetDefinition }) {
  const { t } = useTranslation();
  const { runAction } = useDashboardRuntime();
  const config = widget.config;
  const actions = useMemo<WidgetActions>(
    () => ({ of: (sourceId) => actionsOf(config, sourceId), run: runAction }),
    [config, runAction],
  );
  // The data the widget shows now, read when the user exports it.
  const shownData = useRef<DatasourceData[]>([]);
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
        onHeaderAction={(action, anchor) => runAction(action, {}, anchor)}
        onExport={exportable ? exportCsv : undefined}
      >
        <WidgetErrorBoundary
          fallback={(error) => (
            <WidgetMessage text={t('dashboard-viewer.widget-error')} detail={error.message} />
          )}
        >
          <Suspense fallback={loading}>
            <WidgetBody widget={widget} definition={definition} shownData={shownData} />
          </Suspense>
        </WidgetErrorBoundary>
      </WidgetFrame>
    </WidgetActionsContext.Provider>
  );
}

function WidgetBody({
  widget,
  definition,
  shownData,
}: {
  widget: DashboardWidget;
  definition: WidgetDefinition;
  shownData: RefObject<DatasourceData[]>;
}) {
  const { t } = useTranslation();
  const runtime = useDashboardRuntime();
  const ownWindow = widget.config.useDashboardTimewindow === false ? widget.config.timewindow : undefined;
  // A widget with its own time window keeps it; the rest follow the dashboard's.
  const window = useMemo(
    () => (ownWindow ? subscriptionWindowOf(ownWindow, Date.now(), localTimeZone()) : runtime.window),
    [ownWindow, runtime.window],
  );
  const isRpc = definition.kind === 'rpc';
  // An RPC widget subscribes its target device (and the key it follows) instead of datasources.
  const dataConfig = useMemo(
    () => (isRpc ? rpcDataConfig(widget.config, definition.valueSource) : widget.config),
    [isRpc, widget.config, definition.valueSource],
  );
  const { status, data, scriptError } = useWidgetData(dataConfig, definition.kind, window);
  shownData.current = data;
  const Widget = lazyWidget(definition);
  if (status === 'loading') return loading;
  if (status === 'error') return <WidgetMessage text={t('dashboard-viewer.aliases-failed')} />;
  // A failing tenant function (post-processing, function key) shows in this widget only.
  if (scriptError) return <WidgetMessage text={t('dashboard-viewer.script-error')} detail={scriptError} />;
  const range = subscriptionRange(window, Date.now());
  if (isRpc) {
    // No target device is the widget's own message, as in the reference.
    const rpc = {
      device: targetDeviceOf(data[0]?.entities.map((values) => values.entity)),
      readOnly: runtime.readOnly,
    };
    return <Widget config={widget.config} data={data} range={range} rpc={rpc} />;
  }
  if (status === 'noEntity') return <WidgetMessage text={t('dashboard-viewer.no-entity-found')} />;
  return <Widget config={widget.config} data={data} range={range} />;
}
