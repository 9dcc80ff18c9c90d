import type { WidgetTypeDescriptor } from '@meridian/common';
import CircularProgress from '@mui/material/CircularProgress';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getWidgetTypeByAlias } from '../../api/widgets';
import { useServices } from '../../app/services/useServices';
import { actionsOf } from '../actions/widget-actions';
import { useDashboardRuntime } from '../dashboard-runtime-context';
import { useDashboardEditing } from '../editor/dashboard-edit-context';
import type { DashboardWidget } from '../runtime/dashboard-model';
import { rpcDataConfig, targetDeviceOf } from '../runtime/rpc-target';
import { dashboardSelectors } from '../selectors';
import { useWidgetData } from '../useWidgetData';
import { WidgetFrame } from '../WidgetFrame';
import { WidgetMessage } from '../WidgetMessage';
import { CustomWidgetFrame } from './CustomWidgetFrame';
import { frameActionOf } from './frame-actions';
import { frameDataOf } from './frame-data';
import { PreviewDescriptorContext } from './preview-descriptor';
import type { FrameCall } from './protocol';

/** Whether a stored widget type is a custom one the frame can run (it has code of its own). */
export const isCustomDescriptor = (descriptor: WidgetTypeDescriptor | undefined) =>
  Boolean(descriptor?.controllerScript?.trim() || descriptor?.templateHtml?.trim());

/**
 * A widget the console has no native definition for: its type is read from the server (the
 * widget's own `isSystemType` first, then the other owner) and, when it has code, runs in a
 * sandboxed frame; otherwise `notFound` stands in for it.
 */
export function CustomWidget({ widget, notFound }: { widget: DashboardWidget; notFound: ReactNode }) {
  const { http } = useServices();
  const preview = useContext(PreviewDescriptorContext);
  const systemFirst = widget.isSystemType !== false;
  const type = useQuery({
    queryKey: ['widgetTypeByAlias', systemFirst, widget.bundleAlias, widget.typeAlias],
    queryFn: async ({ signal }) => {
      for (const isSystem of [systemFirst, !systemFirst]) {
        try {
          return await getWidgetTypeByAlias(http, isSystem, widget.bundleAlias, widget.typeAlias, {
            signal,
            ignoreErrors: true,
            notFoundHandled: true,
          });
        } catch {
          // Not in this owner's bundles: try the other.
        }
      }
      return null;
    },
    enabled: preview === null && Boolean(widget.bundleAlias && widget.typeAlias),
    retry: false,
    staleTime: 60_000,
  });
  if (preview) return <RunningCustomWidget widget={widget} descriptor={preview} />;
  if (type.isPending && type.fetchStatus !== 'idle')
    return <CircularProgress size={24} sx={{ position: 'absolute', inset: 0, m: 'auto' }} />;
  const descriptor = type.data?.descriptor;
  if (!descriptor || !isCustomDescriptor(descriptor)) return notFound;
  return <RunningCustomWidget widget={widget} descriptor={descriptor} />;
}

function RunningCustomWidget({
  widget,
  descriptor,
}: {
  widget: DashboardWidget;
  descriptor: WidgetTypeDescriptor;
}) {
  const { t } = useTranslation();
  const runtime = useDashboardRuntime();
  const editing = useDashboardEditing();
  const kind = descriptor.type ?? widget.type;
  const config = widget.config;
  const isRpc = kind === 'rpc';
  const dataConfig = useMemo(() => (isRpc ? rpcDataConfig(config, undefined) : config), [isRpc, config]);
  const feed = useWidgetData(dataConfig, kind, runtime.window, null);
  const frameData = useMemo(
    () => frameDataOf(feed.data, kind === 'timeseries' ? 'timeseries' : 'latest'),
    [feed.data, kind],
  );
  // RPC goes to the target device of an RPC widget, else to the first device the widget shows.
  const device = targetDeviceOf(
    feed.data.flatMap((source) => source.entities.map((values) => values.entity)),
  );
  const rpcDeviceId = runtime.readOnly ? null : (device?.id.id ?? null);
  const { runAction } = runtime;
  const onAction = useCallback(
    (call: Extract<FrameCall, { kind: 'action' }>) => {
      const found = frameActionOf(config, call);
      if (found) runAction(found.action, found.target);
    },
    [config, runAction],
  );
  return (
    <WidgetFrame
      widgetId={widget.id}
      config={config}
      headerActions={actionsOf(config, 'headerButton')}
      onHeaderAction={(action, anchor) => runAction(action, {}, anchor)}
    >
      {feed.status === 'error' ? (
        <WidgetMessage text={t('dashboard-viewer.aliases-failed')} />
      ) : (
        <CustomWidgetFrame
          descriptor={descriptor}
          config={config}
          datasources={frameData.datasources}
          data={frameData.data}
          alarms={frameData.alarms}
          isEdit={editing !== null}
          rpcDeviceId={rpcDeviceId}
          onAction={onAction}
          testId={`${dashboardSelectors.customWidgetFrame}-${widget.id}`}
          frameTitle={config.title || `${widget.bundleAlias}.${widget.typeAlias}`}
        />
      )}
    </WidgetFrame>
  );
}
