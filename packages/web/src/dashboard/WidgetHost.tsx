import type { Timewindow } from '@meridian/common';
import CircularProgress from '@mui/material/CircularProgress';
import { type ReactNode, Suspense, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TimewindowButton } from '../components/timewindow/TimewindowButton';
import { findWidget } from '../widgets/registry';
import type { WidgetDefinition } from '../widgets/widget-definition';
import { useDashboardRuntime } from './dashboard-runtime-context';
import { lazyWidget } from './lazy-widget';
import type { DashboardWidget } from './runtime/dashboard-model';
import { localTimeZone, subscriptionRange, subscriptionWindowOf } from './runtime/subscription-window';
import { dashboardSelectors } from './selectors';
import { useWidgetData } from './useWidgetData';
import { WidgetErrorBoundary } from './WidgetErrorBoundary';
import { WidgetFrame } from './WidgetFrame';
import { WidgetMessage } from './WidgetMessage';

/** A widget's own window when it saved none: the defaults (one object, so nothing re-subscribes). */
const NO_TIMEWINDOW: Timewindow = {};

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

/**
 * A widget with a type: a widget with `useDashboardTimewindow: false` reads its own time window,
 * which the viewer may change from the widget's header when `displayTimewindow` is on (session only).
 */
function KnownWidget({ widget, definition }: { widget: DashboardWidget; definition: WidgetDefinition }) {
  const { t } = useTranslation();
  const own = widget.config.useDashboardTimewindow === false;
  const [changed, setChanged] = useState<{ saved: unknown; timewindow: Timewindow } | null>(null);
  const saved = widget.config.timewindow;
  const ownTimewindow = own
    ? changed && changed.saved === saved
      ? changed.timewindow
      : (saved ?? NO_TIMEWINDOW)
    : undefined;
  const headerEnd =
    ownTimewindow && widget.config.displayTimewindow !== false ? (
      <TimewindowButton
        value={ownTimewindow}
        onChange={(timewindow) => setChanged({ saved, timewindow })}
        testIdPrefix={`${dashboardSelectors.widgetTimewindow}-${widget.id}`}
        variant="text"
      />
    ) : undefined;
  return (
    <WidgetFrame widgetId={widget.id} config={widget.config} headerEnd={headerEnd}>
      <WidgetErrorBoundary
        fallback={(error) => (
          <WidgetMessage text={t('dashboard-viewer.widget-error')} detail={error.message} />
        )}
      >
        <Suspense fallback={loading}>
          <WidgetBody widget={widget} definition={definition} ownTimewindow={ownTimewindow} />
        </Suspense>
      </WidgetErrorBoundary>
    </WidgetFrame>
  );
}

function WidgetBody({
  widget,
  definition,
  ownTimewindow,
}: {
  widget: DashboardWidget;
  definition: WidgetDefinition;
  ownTimewindow: Timewindow | undefined;
}) {
  const { t } = useTranslation();
  const runtime = useDashboardRuntime();
  // A widget with its own time window keeps it; the rest follow the dashboard's.
  const ownWindow = useMemo(
    () => (ownTimewindow ? subscriptionWindowOf(ownTimewindow, Date.now(), localTimeZone()) : undefined),
    [ownTimewindow],
  );
  const window = ownWindow ?? runtime.window;
  // The chart's width when it first shows, for downsampling its reads (decision 0027).
  const measure = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number>();
  useLayoutEffect(() => {
    // Once: a Suspense fallback hiding the widget re-runs this with a hidden (0 px) probe.
    setWidth((known) => known ?? measure.current?.clientWidth ?? 0);
  }, []);
  const { status, data } = useWidgetData(widget.config, definition.kind, window, width);
  const Widget = lazyWidget(definition);
  const probe = (
    <div ref={measure} aria-hidden style={{ position: 'absolute', left: 0, right: 0, top: 0, height: 0 }} />
  );
  let body: ReactNode;
  if (status === 'loading') body = loading;
  else if (status === 'noEntity') body = <WidgetMessage text={t('dashboard-viewer.no-entity-found')} />;
  else if (status === 'error') body = <WidgetMessage text={t('dashboard-viewer.aliases-failed')} />;
  else body = <Widget config={widget.config} data={data} range={subscriptionRange(window, Date.now())} />;
  return (
    <>
      {probe}
      {body}
    </>
  );
}
