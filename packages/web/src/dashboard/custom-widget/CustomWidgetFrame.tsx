import type { JsonValue, WidgetConfig, WidgetTypeDescriptor } from '@meridian/common';
import jquerySource from 'jquery/dist/jquery.min.js?raw';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { sendRpc } from '../../api/rpc';
import { useServices } from '../../app/services/useServices';
import { frameRuntime } from './frame-runtime';
import {
  apiPathOf,
  type FrameCall,
  type FrameData,
  type FrameDatasource,
  isFromFrame,
  type ToFrame,
  WIDGET_PROTOCOL,
  type WidgetBoot,
} from './protocol';

/** Served by the server with its own Content-Security-Policy (packages/server/src/http/widget-frame.ts). */
export const WIDGET_FRAME_URL = '/widget-frame';

export interface CustomWidgetFrameProps {
  descriptor: WidgetTypeDescriptor;
  config: WidgetConfig;
  datasources: FrameDatasource[];
  data: FrameData[];
  alarms: unknown[];
  isEdit: boolean;
  /** Where the widget's RPC goes; null when it has no target device (or the viewer is read-only). */
  rpcDeviceId: string | null;
  /** Runs the configured action `actionId` of the source, for the entity the widget names. */
  onAction: (call: Extract<FrameCall, { kind: 'action' }>) => void;
  testId?: string;
  /** The frame's accessible name: the widget's title, else its type's aliases. */
  frameTitle: string;
}

/**
 * A custom widget in its sandboxed frame: boots the frame with the runtime, jQuery and the widget,
 * sends it its data as it changes, and carries out what it asks (RPC, REST calls, actions) with
 * the viewer's rights, which stay in the console. A new descriptor restarts the frame.
 */
export function CustomWidgetFrame(props: CustomWidgetFrameProps) {
  const { t } = useTranslation();
  const { http } = useServices();
  const frame = useRef<HTMLIFrameElement>(null);
  const ready = useRef(false);
  // The latest props, read by the message handler and the boot without restarting the frame.
  const latest = useRef(props);
  latest.current = props;
  const { descriptor } = props;

  useEffect(() => {
    const target = frame.current?.contentWindow;
    if (!target) return;
    ready.current = false;
    const post = (message: ToFrame) => target.postMessage(message, '*');
    const carryOut = (call: FrameCall): Promise<unknown> => {
      const current = latest.current;
      if (call.kind === 'rpc') {
        if (!current.rpcDeviceId) return Promise.reject(new Error('No target device'));
        const timeout = call.timeout > 0 ? { timeout: call.timeout } : {};
        return sendRpc(
          http,
          current.rpcDeviceId,
          call.twoWay,
          { method: call.method, params: (call.params ?? null) as JsonValue, ...timeout },
          {},
          'v1',
        );
      }
      if (call.kind === 'http') {
        const path = apiPathOf(call.url);
        if (!path)
          return Promise.reject(new Error(`Only this server's /api/ paths may be called: ${call.url}`));
        return http.request(
          call.method,
          path,
          call.method === 'GET' || call.method === 'DELETE' ? undefined : call.body,
        );
      }
      current.onAction(call);
      return Promise.resolve(null);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== target || !isFromFrame(event.data)) return;
      const message = event.data;
      if (message.type === 'ready') {
        ready.current = true;
        const current = latest.current;
        const widget: WidgetBoot = {
          templateHtml: descriptor.templateHtml ?? '',
          templateCss: descriptor.templateCss ?? '',
          controllerScript: descriptor.controllerScript ?? '',
          resources: (descriptor.resources ?? []).map((resource) => ({
            url: resource.url,
            isModule: (resource as { isModule?: boolean }).isModule === true,
          })),
          settings: current.config.settings ?? {},
          units: current.config.units ?? '',
          decimals: current.config.decimals ?? undefined,
          timeWindow: current.config.timewindow ?? {},
          isEdit: current.isEdit,
          widgetConfig: JSON.parse(JSON.stringify(current.config)),
          datasources: current.datasources,
          data: current.data,
          alarms: current.alarms,
          texts: {
            angularNotSupported: t('custom-widget.angular-not-supported'),
            widgetError: t('custom-widget.widget-error'),
          },
        };
        post({
          protocol: WIDGET_PROTOCOL,
          type: 'boot',
          runtime: frameRuntime.toString(),
          jquery: jquerySource,
          widget,
        });
        return;
      }
      carryOut(message.call).then(
        (value) =>
          post({
            protocol: WIDGET_PROTOCOL,
            type: 'reply',
            callId: message.callId,
            ok: true,
            value: value ?? null,
          }),
        (error: unknown) =>
          post({
            protocol: WIDGET_PROTOCOL,
            type: 'reply',
            callId: message.callId,
            ok: false,
            value: error instanceof Error ? error.message : String(error),
          }),
      );
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      if (ready.current) post({ protocol: WIDGET_PROTOCOL, type: 'destroy' });
    };
  }, [descriptor, http, t]);

  useEffect(() => {
    if (!ready.current) return;
    frame.current?.contentWindow?.postMessage(
      {
        protocol: WIDGET_PROTOCOL,
        type: 'data',
        datasources: props.datasources,
        data: props.data,
        alarms: props.alarms,
      } satisfies ToFrame,
      '*',
    );
  }, [props.datasources, props.data, props.alarms]);

  useEffect(() => {
    if (!ready.current) return;
    frame.current?.contentWindow?.postMessage(
      { protocol: WIDGET_PROTOCOL, type: 'editMode', isEdit: props.isEdit } satisfies ToFrame,
      '*',
    );
  }, [props.isEdit]);

  return (
    <iframe
      // A new frame for a new descriptor: the old code must not live on.
      key={JSON.stringify([descriptor.templateHtml, descriptor.controllerScript, descriptor.templateCss])}
      ref={frame}
      title={props.frameTitle}
      src={WIDGET_FRAME_URL}
      sandbox="allow-scripts"
      data-testid={props.testId}
      // In edit mode the grid drags and selects the widget: the frame must not take the pointer.
      style={{
        border: 0,
        width: '100%',
        height: '100%',
        display: 'block',
        background: 'transparent',
        pointerEvents: props.isEdit ? 'none' : undefined,
      }}
    />
  );
}
