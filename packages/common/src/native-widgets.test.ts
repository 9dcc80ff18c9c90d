import { describe, expect, it } from 'vitest';
import { nativeWidgetDescriptor } from './native-widget-descriptor.js';
import {
  isNativeWidgetType,
  NATIVE_WIDGET_KEYS,
  NATIVE_WIDGET_TYPES,
  NATIVE_WIDGETS_BUNDLES,
  SYSTEM_WIDGETS_BUNDLES,
  WIDGET_TYPE_CATALOGUE,
} from './native-widgets.js';
import { WIDGET_TYPES } from './widget.js';

describe('native widget list', () => {
  it('names each type once, in a reference system bundle', () => {
    const keys = WIDGET_TYPE_CATALOGUE.map((t) => `${t.bundleAlias}.${t.typeAlias}`);
    expect(new Set(keys).size).toBe(keys.length);
    const bundles = SYSTEM_WIDGETS_BUNDLES.map((b) => b.alias);
    for (const type of WIDGET_TYPE_CATALOGUE) expect(bundles).toContain(type.bundleAlias);
    expect(SYSTEM_WIDGETS_BUNDLES).toHaveLength(14);
  });

  it('renders natively only catalogued types, and installs only the bundles that hold one', () => {
    expect(NATIVE_WIDGET_TYPES.map((t) => `${t.bundleAlias}.${t.typeAlias}`)).toEqual([
      ...NATIVE_WIDGET_KEYS,
    ]);
    expect(NATIVE_WIDGETS_BUNDLES.map((b) => b.alias)).toEqual([
      'cards',
      'charts',
      'analogue_gauges',
      'digital_gauges',
      'control_widgets',
      'input_widgets',
      'maps_v2',
      'alarm_widgets',
      'entity_admin_widgets',
      'navigation_widgets',
      'date',
      'gateway_widgets',
    ]);
  });

  it('answers whether a dashboard widget is rendered natively', () => {
    expect(isNativeWidgetType('charts', 'basic_timeseries')).toBe(true);
    expect(isNativeWidgetType('charts', 'timeseries_bars_flot')).toBe(true);
    expect(isNativeWidgetType('charts', 'pie')).toBe(true);
    expect(isNativeWidgetType('charts', 'doughnut_chart_js')).toBe(true);
    expect(isNativeWidgetType('cards', 'entities_table')).toBe(true);
    expect(isNativeWidgetType('cards', 'timeseries_table')).toBe(true);
    expect(isNativeWidgetType('cards', 'attributes_card')).toBe(true);
    expect(isNativeWidgetType('maps_v2', 'route_map_openstreetmap')).toBe(true);
    expect(isNativeWidgetType('input_widgets', 'markers_placement_openstreetmap')).toBe(true);
    expect(isNativeWidgetType('maps_v2', 'google_maps')).toBe(false);
    expect(isNativeWidgetType('alarm_widgets', 'alarms_table')).toBe(true);
    expect(isNativeWidgetType('entity_admin_widgets', 'device_admin_table')).toBe(true);
    expect(isNativeWidgetType('entity_admin_widgets', 'asset_admin_table')).toBe(true);
    expect(isNativeWidgetType('cards', 'html_value_card')).toBe(true);
    expect(isNativeWidgetType('cards', 'html_card')).toBe(true);
    expect(isNativeWidgetType('cards', 'markdown_card')).toBe(true);
    expect(isNativeWidgetType('analogue_gauges', 'radial_gauge_canvas_gauges')).toBe(true);
    expect(isNativeWidgetType('digital_gauges', 'simple_gauge_justgage')).toBe(true);
    expect(isNativeWidgetType('digital_gauges', 'lcd_bar_gauge')).toBe(true);
    expect(isNativeWidgetType('analogue_gauges', 'analogue_compass')).toBe(true);
    expect(isNativeWidgetType('charts', 'state_chart')).toBe(true);
    // Catalogued but not rendered yet: not offered.
    expect(isNativeWidgetType('cards', 'qr_code')).toBe(false);
    // Aliases are unique per bundle only: the gateway bundle's attributes_card is another type.
    expect(isNativeWidgetType('gateway_widgets', 'attributes_card')).toBe(true);
    expect(isNativeWidgetType('gateway_widgets', 'config_form_latest')).toBe(true);
    expect(isNativeWidgetType('date', 'date_range_navigator')).toBe(true);
    expect(isNativeWidgetType('navigation_widgets', 'navigation_card')).toBe(true);
    expect(isNativeWidgetType('edge_widgets', 'edges_overview')).toBe(false);
  });
});

describe('nativeWidgetDescriptor', () => {
  it('builds a descriptor of the type with JSON text schemas and default config', () => {
    for (const type of WIDGET_TYPE_CATALOGUE) {
      const descriptor = nativeWidgetDescriptor(type);
      expect(WIDGET_TYPES).toContain(descriptor.type);
      expect([descriptor.sizeX, descriptor.sizeY]).toEqual([type.sizeX, type.sizeY]);
      expect(JSON.parse(descriptor.settingsSchema ?? '')).toBeTypeOf('object');
      expect(JSON.parse(descriptor.dataKeySettingsSchema ?? '')).toBeTypeOf('object');
      expect(JSON.parse(descriptor.defaultConfig).title, type.typeAlias).toBe(type.name);
    }
  });

  it('lists the settings keys with their JSON types, and leaves class-held schemas empty', () => {
    const table = WIDGET_TYPE_CATALOGUE.find((t) => t.typeAlias === 'alarms_table');
    if (!table) throw new Error('alarms_table is native');
    const settings = JSON.parse(nativeWidgetDescriptor(table).settingsSchema ?? '');
    expect(settings.schema.properties.defaultPageSize).toEqual({ title: 'defaultPageSize', type: 'number' });
    expect(settings.form).toContain('allowAcknowledgment');
    const keySettings = JSON.parse(nativeWidgetDescriptor(table).dataKeySettingsSchema ?? '');
    expect(Object.keys(keySettings.schema.properties)).toContain('columnWidth');

    const gauge = WIDGET_TYPE_CATALOGUE.find((t) => t.typeAlias === 'radial_gauge_canvas_gauges');
    if (!gauge) throw new Error('radial_gauge_canvas_gauges is native');
    expect(nativeWidgetDescriptor(gauge).settingsSchema).toBe('{}');
  });

  it('starts each kind with the datasources it consumes', () => {
    const config = (typeAlias: string) => {
      const type = WIDGET_TYPE_CATALOGUE.find((t) => t.typeAlias === typeAlias);
      if (!type) throw new Error(`${typeAlias} is native`);
      return JSON.parse(nativeWidgetDescriptor(type).defaultConfig);
    };
    expect(config('simple_card').datasources[0].type).toBe('function');
    expect(config('basic_timeseries').timewindow).toEqual({ realtime: { timewindowMs: 60000 } });
    expect(config('rpcbutton').targetDeviceAliases).toEqual([]);
    expect(config('alarms_table').alarmSource.dataKeys.map((k: { name: string }) => k.name)).toEqual([
      'createdTime',
      'originator',
      'type',
      'severity',
      'status',
    ]);
    expect(config('navigation_cards').datasources).toEqual([]);
  });
});
