import CircularProgress from '@mui/material/CircularProgress';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { findWidget } from '../widgets/registry';
import type { WidgetDefinition } from '../widgets/widget-definition';
import { useDashboardRuntime } from './dashboard-runtime-context';
import { lazyWidget } from './lazy-widget';
import type { DashboardWidget } from './runtime/dashboard-model';
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
  const { status, data, scriptError } = useWidgetData(widget.config, definition.kind, window);
  const Widget = lazyWidget(definition);
  if (status === 'loading') return loading;
  if (status === 'noEntity') return <WidgetMessage text={t('dashboard-viewer.no-entity-found')} />;
  if (status === 'error') return <WidgetMessage text={t('dashboard-viewer.aliases-failed')} />;
  // A failing tenant function (post-processing, function key) shows in this widget only.
  if (scriptError) return <WidgetMessage text={t('dashboard-viewer.script-error')} detail={scriptError} />;
  return <Widget config={widget.config} data={data} range={subscriptionRange(window, Date.now())} />;
}
