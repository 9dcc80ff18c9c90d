/**
 * The message bridge between the console and a custom widget's sandboxed frame (issue 12). The
 * frame's origin is opaque, so both sides check the window a message comes from (the frame's own
 * `contentWindow`, the frame's `parent`) and this protocol's name and shape; anything else is
 * dropped. Everything here is structured-cloneable: no functions, no token, no page objects.
 */

export const WIDGET_PROTOCOL = 'meridian-widget/1';

/** A datasource as the reference's widget code reads it from `ctx.datasources`. */
export interface FrameDatasource {
  type: string;
  name: string;
  entityType?: string;
  entityId?: string;
  entityName?: string;
  entityLabel?: string;
  dataKeys: FrameDataKey[];
}

export interface FrameDataKey {
  name: string;
  type: string;
  label: string;
  color?: string;
  units?: string;
  decimals?: number;
  settings?: unknown;
}

/** One entry of the reference's `ctx.data`: a key of one entity with its points, oldest first. */
export interface FrameData {
  /** Index into the datasources sent with it (the frame links the objects back up). */
  datasourceIndex: number;
  dataKeyIndex: number;
  data: [number, unknown][];
}

/** The widget, what it shows, and the texts its frame may need (the console translates them). */
export interface WidgetBoot {
  templateHtml: string;
  templateCss: string;
  controllerScript: string;
  resources: { url: string; isModule?: boolean }[];
  settings: unknown;
  units: string;
  decimals: number | undefined;
  timeWindow: unknown;
  isEdit: boolean;
  widgetConfig: unknown;
  datasources: FrameDatasource[];
  data: FrameData[];
  /** An alarm widget's alarms, newest first (`ctx.alarms`). */
  alarms: unknown[];
  texts: { angularNotSupported: string; widgetError: string };
}

/** The console's messages to the frame. */
export type ToFrame =
  | { protocol: typeof WIDGET_PROTOCOL; type: 'boot'; runtime: string; jquery: string; widget: WidgetBoot }
  | {
      protocol: typeof WIDGET_PROTOCOL;
      type: 'data';
      datasources: FrameDatasource[];
      data: FrameData[];
      alarms: unknown[];
    }
  | { protocol: typeof WIDGET_PROTOCOL; type: 'editMode'; isEdit: boolean }
  | { protocol: typeof WIDGET_PROTOCOL; type: 'reply'; callId: number; ok: boolean; value: unknown }
  | { protocol: typeof WIDGET_PROTOCOL; type: 'destroy' };

/** A request of the widget that the console carries out, with the viewer's rights. */
export type FrameCall =
  | { kind: 'rpc'; twoWay: boolean; method: string; params: unknown; timeout: number }
  | { kind: 'http'; method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; body: unknown }
  | {
      kind: 'action';
      sourceId: string;
      actionId: string;
      entityId: { id: string; entityType: string } | null;
      entityName: string | null;
      entityLabel: string | null;
    };

/** The frame's messages to the console. */
export type FromFrame =
  | { protocol: typeof WIDGET_PROTOCOL; type: 'ready' }
  | { protocol: typeof WIDGET_PROTOCOL; type: 'call'; callId: number; call: FrameCall };

const HTTP_METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isEntityId = (value: unknown) =>
  value === null || (isRecord(value) && typeof value.id === 'string' && typeof value.entityType === 'string');

const nullableString = (value: unknown) => value === null || typeof value === 'string';

function isFrameCall(call: unknown): call is FrameCall {
  if (!isRecord(call)) return false;
  switch (call.kind) {
    case 'rpc':
      return (
        typeof call.twoWay === 'boolean' &&
        typeof call.method === 'string' &&
        typeof call.timeout === 'number'
      );
    case 'http':
      return typeof call.method === 'string' && HTTP_METHODS.has(call.method) && typeof call.url === 'string';
    case 'action':
      return (
        typeof call.sourceId === 'string' &&
        typeof call.actionId === 'string' &&
        isEntityId(call.entityId) &&
        nullableString(call.entityName) &&
        nullableString(call.entityLabel)
      );
    default:
      return false;
  }
}

/** Whether a message the console received is a well-formed message of the frame protocol. */
export function isFromFrame(data: unknown): data is FromFrame {
  if (!isRecord(data) || data.protocol !== WIDGET_PROTOCOL) return false;
  if (data.type === 'ready') return true;
  return data.type === 'call' && Number.isSafeInteger(data.callId) && isFrameCall(data.call);
}

/**
 * The path an HTTP call of the widget may take: a path of this server's REST API, nothing else
 * (the console adds the viewer's token, so it must not go anywhere the widget names).
 */
export function apiPathOf(url: string): string | null {
  if (!url.startsWith('/api/') || url.includes('..') || url.includes('\\')) return null;
  return url;
}
