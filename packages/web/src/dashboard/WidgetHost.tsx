import CircularProgress from '@mui/material/CircularProgress';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthState } from '../app/services/useAuthState';
import { findWidget } from '../widgets/registry';
import type { WidgetDefinition } from '../widgets/widget-definition';
import { useDashboardRuntime } from './dashboard-runtime-context';
import { lazyWidget } from './lazy-widget';
import type { DashboardWidget } from './runtime/dashboard-model';
import { rpcDataConfig, targetDeviceOf } from './runtime/rpc-target';
import { localTimeZone, subscriptionRange, subscriptionWindowOf } from './runtime/subscription-window';
import { useWidgetData } from './useWidgetData';
import { WidgetErrorBoundary } from './WidgetErrorBoundary';
import { WidgetFrame } from './WidgetFrame';
import { WidgetMessage } from './WidgetMessage';

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
  return (
    <WidgetFrame widgetId={widget.id} config={widget.config}>
      <WidgetErrorBoundary
        fallback={(error) => (
          <WidgetMessage text={t('dashboard-viewer.widget-error')} detail={error.message} />
        )}
      >
        <Suspense fallback={loading}>
          <WidgetBody widget={widget} definition={definition} />
        </Suspense>
      </WidgetErrorBoundary>
    </WidgetFrame>
  );
}

function WidgetBody({ widget, definition }: { widget: DashboardWidget; definition: WidgetDefinition }) {
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
  const { status, data } = useWidgetData(dataConfig, definition.kind, window);
  const readOnly = useAuthState().authUser?.isPublic === true;
  const Widget = lazyWidget(definition);
  if (status === 'loading') return loading;
  if (status === 'error') return <WidgetMessage text={t('dashboard-viewer.aliases-failed')} />;
  const range = subscriptionRange(window, Date.now());
  if (isRpc) {
    // No target device is the widget's own message, as in the reference.
    const rpc = { device: targetDeviceOf(data[0]?.entities.map((values) => values.entity)), readOnly };
    return <Widget config={widget.config} data={data} range={range} rpc={rpc} />;
  }
  if (status === 'noEntity') return <WidgetMessage text={t('dashboard-viewer.no-entity-found')} />;
  return <Widget config={widget.config} data={data} range={range} />;
}
