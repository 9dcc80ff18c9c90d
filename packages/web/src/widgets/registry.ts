import { isNativeEntityAdminAction } from '../dashboard/actions/entity-admin-actions';
import {
  LED_VALUE_SOURCE,
  RPC_ONLY_VALUE_SOURCE,
  SWITCH_VALUE_SOURCE,
} from '../dashboard/runtime/rpc-target';
import type { WidgetDefinition, WidgetTypeParameters } from './widget-definition';

/**
 * Every native widget, by the reference's `"<bundleAlias>.<typeAlias>"` (reference widget-types.md),
 * so dashboards exported from the reference find their widgets here. The only file that imports
 * widget folders, and only through `import()`: each widget is its own chunk, loaded when a dashboard
 * shows it (PRACTICES 1).
 */
/** The reference's digital gauges drawn by the one digital gauge renderer, each with its defaults. */
export const DIGITAL_GAUGE_TYPES = [
  'gauge_justgage',
  'mini_gauge_justgage',
  'vertical_bar_justgage',
  'horizontal_bar_justgage',
  'digital_thermometer',
  'digital_vertical_bar',
  'digital_bar',
  'neon_gauge_justgage',
  'simple_neon_gauge_justgage',
  'lcd_gauge',
  'lcd_bar_gauge',
];

/**
 * The reference's single-value update widgets, all drawn by one component: where each writes its
 * key (attribute scope or time series) and the kind of value it edits.
 */
const SINGLE_INPUT_TYPES = [
  ['update_server_string_attribute', 'server', 'string'],
  ['update_server_integer_attribute', 'server', 'integer'],
  ['update_server_double_attribute', 'server', 'double'],
  ['update_server_boolean_attribute', 'server', 'boolean'],
  ['update_shared_string_attribute', 'shared', 'string'],
  ['update_shared_integer_attribute', 'shared', 'integer'],
  ['update_shared_double_attribute', 'shared', 'double'],
  ['update_shared_boolean_attribute', 'shared', 'boolean'],
  ['update_string_timeseries', 'timeseries', 'string'],
  ['update_integer_timeseries', 'timeseries', 'integer'],
  ['update_double_timeseries', 'timeseries', 'double'],
  ['update_boolean_timeseries', 'timeseries', 'boolean'],
] as const;

/** The reference's parameters of a widget that shows one value: gauges, the value card, single-key inputs. */
const SINGLE_VALUE: Partial<WidgetTypeParameters> = { maxDatasources: 1, maxDataKeys: 1, singleEntity: true };

/** The reference's parameters of a table that pages through its entities (entities and admin tables). */
const ENTITY_TABLE: Partial<WidgetTypeParameters> = {
  dataKeysOptional: true,
  hasDataPageLink: true,
  warnOnPageDataOverflow: false,
};

/** Control widgets follow their target device, not datasource keys. */
const CONTROL: Partial<WidgetTypeParameters> = { dataKeysOptional: true };

/** Action sources of the tables with row and cell actions, and of the maps. */
const TABLE_ACTION_SOURCES = ['actionCellButton', 'rowClick', 'rowDoubleClick'];
const MAP_ACTION_SOURCES = ['markerClick', 'tooltipAction'];

const DEFINITIONS: readonly WidgetDefinition[] = [
  {
    bundleAlias: 'cards',
    typeAlias: 'simple_card',
    kind: 'latest',
    typeParameters: SINGLE_VALUE,
    load: async () => (await import('./simple-card/SimpleCardWidget')).SimpleCardWidget,
  },
  {
    bundleAlias: 'cards',
    typeAlias: 'attributes_card',
    kind: 'latest',
    load: async () => (await import('./attributes-card/AttributesCardWidget')).AttributesCardWidget,
  },
  {
    bundleAlias: 'cards',
    typeAlias: 'entities_table',
    kind: 'latest',
    typeParameters: ENTITY_TABLE,
    actionSources: TABLE_ACTION_SOURCES,
    noDataMessage: true,
    load: async () => (await import('./entities-table/EntitiesTableWidget')).EntitiesTableWidget,
  },
  {
    bundleAlias: 'entity_admin_widgets',
    typeAlias: 'device_admin_table',
    kind: 'latest',
    typeParameters: { ...ENTITY_TABLE, maxDatasources: 1 },
    actionSources: TABLE_ACTION_SOURCES,
    ownsAction: isNativeEntityAdminAction,
    noDataMessage: true,
    load: async () => (await import('./entity-admin-table/EntityAdminTableWidgets')).DeviceAdminTableWidget,
  },
  {
    bundleAlias: 'entity_admin_widgets',
    typeAlias: 'asset_admin_table',
    kind: 'latest',
    typeParameters: { ...ENTITY_TABLE, maxDatasources: 1 },
    actionSources: TABLE_ACTION_SOURCES,
    ownsAction: isNativeEntityAdminAction,
    noDataMessage: true,
    load: async () => (await import('./entity-admin-table/EntityAdminTableWidgets')).AssetAdminTableWidget,
  },
  {
    bundleAlias: 'cards',
    typeAlias: 'timeseries_table',
    kind: 'timeseries',
    typeParameters: { ignoreDataUpdateOnIntervalTick: true },
    noDataMessage: true,
    load: async () => (await import('./timeseries-table/TimeseriesTableWidget')).TimeseriesTableWidget,
  },
  {
    bundleAlias: 'cards',
    typeAlias: 'html_value_card',
    kind: 'latest',
    typeParameters: { maxDatasources: 1, singleEntity: true },
    load: async () => (await import('./html-value-card/HtmlValueCardWidget')).HtmlValueCardWidget,
  },
  {
    bundleAlias: 'cards',
    typeAlias: 'html_card',
    kind: 'static',
    load: async () => (await import('./html-card/HtmlCardWidget')).HtmlCardWidget,
  },
  {
    bundleAlias: 'cards',
    typeAlias: 'markdown_card',
    kind: 'latest',
    typeParameters: { dataKeysOptional: true },
    load: async () => (await import('./markdown-card/MarkdownCardWidget')).MarkdownCardWidget,
  },
  {
    bundleAlias: 'charts',
    typeAlias: 'basic_timeseries',
    kind: 'timeseries',
    downsamples: true,
    load: async () =>
      (await import('./timeseries-line-chart/TimeseriesLineChartWidget')).TimeseriesLineChartWidget,
  },
  {
    bundleAlias: 'charts',
    typeAlias: 'timeseries_bars_flot',
    kind: 'timeseries',
    downsamples: true,
    load: async () =>
      (await import('./timeseries-bar-chart/TimeseriesBarChartWidget')).TimeseriesBarChartWidget,
  },
  {
    bundleAlias: 'charts',
    typeAlias: 'pie',
    kind: 'latest',
    load: async () => (await import('./pie-chart/PieChartWidget')).PieChartWidget,
  },
  {
    bundleAlias: 'charts',
    typeAlias: 'doughnut_chart_js',
    kind: 'latest',
    load: async () => (await import('./pie-chart/DoughnutChartWidget')).DoughnutChartWidget,
  },
  {
    bundleAlias: 'analogue_gauges',
    typeAlias: 'radial_gauge_canvas_gauges',
    kind: 'latest',
    typeParameters: SINGLE_VALUE,
    load: async () => (await import('./radial-gauge/RadialGaugeWidget')).RadialGaugeWidget,
  },
  {
    bundleAlias: 'digital_gauges',
    typeAlias: 'simple_gauge_justgage',
    kind: 'latest',
    typeParameters: SINGLE_VALUE,
    load: async () => (await import('./simple-gauge/SimpleGaugeWidget')).SimpleGaugeWidget,
  },
  {
    bundleAlias: 'charts',
    typeAlias: 'state_chart',
    kind: 'timeseries',
    downsamples: true,
    load: async () => (await import('./state-chart/StateChartWidget')).StateChartWidget,
  },
  {
    bundleAlias: 'charts',
    typeAlias: 'bars',
    kind: 'latest',
    load: async () => (await import('./latest-bar-chart/LatestBarChartWidget')).LatestBarChartWidget,
  },
  {
    bundleAlias: 'charts',
    typeAlias: 'pie_chart_js',
    kind: 'latest',
    load: async () => (await import('./pie-chart/ChartJsPieWidgets')).ChartJsPieWidget,
  },
  {
    bundleAlias: 'charts',
    typeAlias: 'polar_area_chart_js',
    kind: 'latest',
    load: async () => (await import('./pie-chart/ChartJsPieWidgets')).PolarAreaWidget,
  },
  {
    bundleAlias: 'charts',
    typeAlias: 'radar_chart_js',
    kind: 'latest',
    load: async () => (await import('./radar-chart/RadarChartWidget')).RadarChartWidget,
  },
  {
    bundleAlias: 'analogue_gauges',
    typeAlias: 'temperature_radial_gauge_canvas_gauges',
    kind: 'latest',
    typeParameters: SINGLE_VALUE,
    load: async () => (await import('./radial-gauge/RadialGaugeWidget')).TemperatureRadialGaugeWidget,
  },
  {
    bundleAlias: 'analogue_gauges',
    typeAlias: 'speed_gauge_canvas_gauges',
    kind: 'latest',
    typeParameters: SINGLE_VALUE,
    load: async () => (await import('./radial-gauge/RadialGaugeWidget')).SpeedGaugeWidget,
  },
  {
    bundleAlias: 'analogue_gauges',
    typeAlias: 'temperature_gauge_canvas_gauges',
    kind: 'latest',
    typeParameters: SINGLE_VALUE,
    load: async () => (await import('./linear-gauge/ThermometerScaleWidget')).ThermometerScaleWidget,
  },
  {
    bundleAlias: 'analogue_gauges',
    typeAlias: 'analogue_compass',
    kind: 'latest',
    typeParameters: SINGLE_VALUE,
    load: async () => (await import('./compass/CompassWidget')).CompassWidget,
  },
  ...DIGITAL_GAUGE_TYPES.map(
    (typeAlias): WidgetDefinition => ({
      bundleAlias: 'digital_gauges',
      typeAlias,
      kind: 'latest',
      typeParameters: SINGLE_VALUE,
      load: async () => (await import('./digital-gauge/DigitalGaugeWidget')).digitalGaugeWidget(typeAlias),
    }),
  ),
  {
    bundleAlias: 'alarm_widgets',
    typeAlias: 'alarms_table',
    kind: 'alarm',
    noDataMessage: true,
    load: async () => (await import('./alarms-table/AlarmsTableWidget')).AlarmsTableWidget,
  },
  {
    bundleAlias: 'maps_v2',
    typeAlias: 'openstreetmap',
    kind: 'latest',
    actionSources: MAP_ACTION_SOURCES,
    load: async () => (await import('./maps/OpenStreetMapWidget')).OpenStreetMapWidget,
  },
  {
    bundleAlias: 'maps_v2',
    typeAlias: 'route_map_openstreetmap',
    kind: 'timeseries',
    actionSources: MAP_ACTION_SOURCES,
    load: async () => (await import('./maps/RouteMapWidget')).RouteMapWidget,
  },
  {
    bundleAlias: 'maps_v2',
    typeAlias: 'test',
    kind: 'timeseries',
    actionSources: MAP_ACTION_SOURCES,
    load: async () => (await import('./maps/TripAnimationWidget')).TripAnimationWidget,
  },
  {
    bundleAlias: 'input_widgets',
    typeAlias: 'markers_placement_openstreetmap',
    kind: 'latest',
    load: async () => (await import('./maps/MarkersPlacementWidget')).MarkersPlacementWidget,
  },
  {
    bundleAlias: 'navigation_widgets',
    typeAlias: 'navigation_cards',
    kind: 'static',
    load: async () => (await import('./navigation-cards/NavigationCardsWidget')).NavigationCardsWidget,
  },
  {
    bundleAlias: 'navigation_widgets',
    typeAlias: 'navigation_card',
    kind: 'static',
    load: async () => (await import('./navigation-card/NavigationCardWidget')).NavigationCardWidget,
  },
  {
    bundleAlias: 'date',
    typeAlias: 'date_range_navigator',
    kind: 'static',
    load: async () =>
      (await import('./date-range-navigator/DateRangeNavigatorWidget')).DateRangeNavigatorWidget,
  },
  {
    bundleAlias: 'gateway_widgets',
    typeAlias: 'attributes_card',
    kind: 'latest',
    noDataMessage: true,
    load: async () => (await import('./gateway-events/GatewayEventsWidget')).GatewayEventsWidget,
  },
  {
    bundleAlias: 'gateway_widgets',
    typeAlias: 'config_form_latest',
    kind: 'latest',
    load: async () =>
      (await import('./gateway-config-latest/GatewayConfigLatestWidget')).GatewayConfigLatestWidget,
  },
  {
    bundleAlias: 'gateway_widgets',
    typeAlias: 'gateway_configuration',
    kind: 'static',
    load: async () =>
      (await import('./gateway-configuration/GatewayConfigurationWidget')).GatewayConfigurationWidget,
  },
  {
    bundleAlias: 'control_widgets',
    typeAlias: 'rpcbutton',
    kind: 'rpc',
    typeParameters: CONTROL,
    valueSource: RPC_ONLY_VALUE_SOURCE,
    load: async () => (await import('./rpc-button/RpcButtonWidget')).RpcButtonWidget,
  },
  {
    bundleAlias: 'control_widgets',
    typeAlias: 'switch_control',
    kind: 'rpc',
    typeParameters: CONTROL,
    valueSource: SWITCH_VALUE_SOURCE,
    load: async () => (await import('./switch-control/SwitchControlWidget')).SwitchControlWidget,
  },
  {
    bundleAlias: 'control_widgets',
    typeAlias: 'round_switch',
    kind: 'rpc',
    typeParameters: CONTROL,
    valueSource: SWITCH_VALUE_SOURCE,
    load: async () => (await import('./round-switch/RoundSwitchWidget')).RoundSwitchWidget,
  },
  {
    bundleAlias: 'control_widgets',
    typeAlias: 'slide_toggle_control',
    kind: 'rpc',
    typeParameters: CONTROL,
    valueSource: SWITCH_VALUE_SOURCE,
    load: async () => (await import('./slide-toggle-control/SlideToggleWidget')).SlideToggleWidget,
  },
  {
    bundleAlias: 'control_widgets',
    typeAlias: 'knob_control',
    kind: 'rpc',
    typeParameters: CONTROL,
    valueSource: RPC_ONLY_VALUE_SOURCE,
    load: async () => (await import('./knob-control/KnobControlWidget')).KnobControlWidget,
  },
  {
    bundleAlias: 'control_widgets',
    typeAlias: 'led_indicator',
    kind: 'rpc',
    typeParameters: CONTROL,
    valueSource: LED_VALUE_SOURCE,
    load: async () => (await import('./led-indicator/LedIndicatorWidget')).LedIndicatorWidget,
  },
  ...SINGLE_INPUT_TYPES.map(
    ([typeAlias, target, valueType]): WidgetDefinition => ({
      bundleAlias: 'input_widgets',
      typeAlias,
      kind: 'latest',
      typeParameters: SINGLE_VALUE,
      load: async () =>
        (await import('./update-attribute/UpdateAttributeWidget')).updateAttributeWidget(target, valueType),
    }),
  ),
  ...(
    [
      ['update_server_location_attribute', 'server'],
      ['update_shared_location_attribute', 'shared'],
      ['update_location_timeseries', 'timeseries'],
    ] as const
  ).map(
    ([typeAlias, target]): WidgetDefinition => ({
      bundleAlias: 'input_widgets',
      typeAlias,
      kind: 'latest',
      typeParameters: { maxDatasources: 1, maxDataKeys: 2, singleEntity: true },
      load: async () => (await import('./update-location/UpdateLocationWidget')).updateLocationWidget(target),
    }),
  ),
  ...(
    [
      ['update_server_date_attribute', 'server'],
      ['update_shared_date_attribute', 'shared'],
    ] as const
  ).map(
    ([typeAlias, target]): WidgetDefinition => ({
      bundleAlias: 'input_widgets',
      typeAlias,
      kind: 'latest',
      typeParameters: SINGLE_VALUE,
      load: async () => (await import('./update-date/UpdateDateWidget')).updateDateWidget(target),
    }),
  ),
  {
    bundleAlias: 'input_widgets',
    typeAlias: 'update_multiple_attributes',
    kind: 'latest',
    typeParameters: { maxDatasources: 1, singleEntity: true },
    load: async () =>
      (await import('./update-multiple-attributes/UpdateMultipleAttributesWidget'))
        .UpdateMultipleAttributesWidget,
  },
];

const BY_KEY = new Map(DEFINITIONS.map((definition) => [widgetKey(definition), definition]));

/** The registry key of a widget type. */
export function widgetKey(type: { bundleAlias: string; typeAlias: string }): string {
  return `${type.bundleAlias}.${type.typeAlias}`;
}

/** The native widget of a saved widget's type; undefined for a type this console does not have. */
export function findWidget(type: { bundleAlias: string; typeAlias: string }): WidgetDefinition | undefined {
  return BY_KEY.get(widgetKey(type));
}

/** Registry keys of every native widget. */
export function registeredWidgetKeys(): string[] {
  return [...BY_KEY.keys()];
}
