import type { JsonObject } from './json.js';
import type { NativeWidgetType, SettingKind } from './native-widgets.js';
import type { WidgetTypeDescriptor } from './widget.js';

/**
 * The descriptor a natively rendered widget type is stored with. The reference's descriptors carry
 * the widget's HTML, CSS and controller script; Meridian's console draws these types itself, so
 * those stay empty and the descriptor keeps what the console and importers read from it: kind,
 * default size, settings schemas and the default widget config (both as JSON text, as the reference
 * stores them).
 */
export function nativeWidgetDescriptor(widget: NativeWidgetType): WidgetTypeDescriptor {
  return {
    type: widget.type,
    sizeX: widget.sizeX,
    sizeY: widget.sizeY,
    resources: [],
    templateHtml: '',
    templateCss: '',
    controllerScript: '',
    settingsSchema: settingsSchemaText(widget.settings === 'fromClass' ? {} : widget.settings),
    dataKeySettingsSchema: settingsSchemaText(widget.dataKeySettings ?? {}),
    defaultConfig: JSON.stringify(defaultConfig(widget)),
  };
}

/**
 * A settings schema in the reference's `{schema, form}` shape, one property per key; `{}` when
 * there are none (as the reference writes it for types whose schema lives in their widget class).
 */
function settingsSchemaText(keys: Readonly<Record<string, SettingKind>>): string {
  const names = Object.keys(keys);
  if (names.length === 0) return '{}';
  const properties = Object.fromEntries(names.map((name) => [name, { title: name, type: keys[name] }]));
  return JSON.stringify({
    schema: { type: 'object', title: 'Settings', properties, required: [] },
    form: names,
  });
}

/** A random-number function key, so a new widget shows data before it is bound to an entity. */
const RANDOM_KEY = {
  name: 'f(x)',
  type: 'function',
  label: 'Random',
  color: '#2196f3',
  settings: {},
  funcBody: 'return Math.round(Math.random() * 100);',
};

/** The alarm fields an alarms table shows by default (spec 2 §3 alarm data keys). */
const ALARM_KEYS = [
  ['createdTime', 'Created time', '#2196f3'],
  ['originator', 'Originator', '#4caf50'],
  ['type', 'Type', '#f44336'],
  ['severity', 'Severity', '#ffc107'],
  ['status', 'Status', '#607d8b'],
].map(([name, label, color]) => ({ name, type: 'alarm', label, color, settings: {} }) as JsonObject);

/** The widget config a new widget of this type starts with, by kind. */
function defaultConfig(widget: NativeWidgetType): JsonObject {
  const common: JsonObject = {
    title: widget.name,
    showTitle: true,
    backgroundColor: '#fff',
    color: 'rgba(0, 0, 0, 0.87)',
    padding: '8px',
    settings: {},
    dropShadow: true,
    enableFullscreen: true,
    titleStyle: { fontSize: '16px', fontWeight: 400 },
    useDashboardTimewindow: true,
    showLegend: false,
    actions: {},
  };
  switch (widget.type) {
    case 'latest':
      return { ...common, datasources: [{ type: 'function', name: 'function', dataKeys: [RANDOM_KEY] }] };
    case 'timeseries':
      return {
        ...common,
        datasources: [{ type: 'function', name: 'function', dataKeys: [RANDOM_KEY] }],
        timewindow: { realtime: { timewindowMs: 60000 } },
      };
    case 'rpc':
      return { ...common, targetDeviceAliases: [] };
    case 'alarm':
      return {
        ...common,
        alarmSource: { type: 'function', name: 'alarms', dataKeys: ALARM_KEYS },
        alarmSearchStatus: 'ANY',
        alarmsPollingInterval: 5,
      };
    case 'static':
      return { ...common, datasources: [] };
  }
}
