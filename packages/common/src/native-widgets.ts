import type { WidgetType } from './widget.js';

/**
 * The widget library Meridian ships: the reference's system bundles (console features §6) and the
 * widget types the console renders natively. This list is the one place that says which types
 * exist as system widgets: the server installs exactly these (and the bundles holding at least one
 * of them), the console renders exactly these. A type is added here when its renderer lands, never
 * before: a listed type the console cannot draw would be offered in the library and fail on every
 * dashboard that uses it.
 */

/** The reference's 14 system bundles, by the alias dashboards use in `bundleAlias`. */
export const SYSTEM_WIDGETS_BUNDLES = [
  { alias: 'cards', title: 'Cards' },
  { alias: 'charts', title: 'Charts' },
  { alias: 'analogue_gauges', title: 'Analogue gauges' },
  { alias: 'digital_gauges', title: 'Digital gauges' },
  { alias: 'control_widgets', title: 'Control widgets' },
  { alias: 'gpio_widgets', title: 'GPIO widgets' },
  { alias: 'input_widgets', title: 'Input widgets' },
  { alias: 'maps_v2', title: 'Maps' },
  { alias: 'alarm_widgets', title: 'Alarm widgets' },
  { alias: 'entity_admin_widgets', title: 'Entity admin widgets' },
  { alias: 'navigation_widgets', title: 'Navigation widgets' },
  { alias: 'date', title: 'Date' },
  { alias: 'gateway_widgets', title: 'Gateway widgets' },
  { alias: 'edge_widgets', title: 'Edge widgets' },
] as const;

export type SystemWidgetsBundleAlias = (typeof SYSTEM_WIDGETS_BUNDLES)[number]['alias'];

/** JSON type of a top-level settings key (reference widget-types list). */
export type SettingKind = 'string' | 'number' | 'boolean' | 'object' | 'array';

/**
 * A natively rendered widget type with the data of its descriptor. `settings` and
 * `dataKeySettings` are the top-level keys of the reference's settings schemas with their JSON
 * types; `settings: 'fromClass'` marks types whose reference schema lives in the widget class
 * (flot charts, canvas gauges, maps), where the descriptor's schema is empty.
 */
export interface NativeWidgetType {
  bundleAlias: SystemWidgetsBundleAlias;
  typeAlias: string;
  name: string;
  type: WidgetType;
  sizeX: number;
  sizeY: number;
  settings: Readonly<Record<string, SettingKind>> | 'fromClass';
  dataKeySettings?: Readonly<Record<string, SettingKind>>;
}

/** Settings shared by the reference's typed single-attribute inputs (text and number fields). */
const SINGLE_ATTRIBUTE_NUMBER_INPUT = {
  widgetTitle: 'string',
  showLabel: 'boolean',
  labelValue: 'string',
  requiredErrorMessage: 'string',
  maxValue: 'number',
  minValue: 'number',
  showResultMessage: 'boolean',
  isRequired: 'boolean',
} as const;

const SINGLE_ATTRIBUTE_TEXT_INPUT = {
  widgetTitle: 'string',
  showLabel: 'boolean',
  labelValue: 'string',
  requiredErrorMessage: 'string',
  maxLength: 'number',
  minLength: 'number',
  showResultMessage: 'boolean',
  isRequired: 'boolean',
} as const;

/** Table settings of the entities and alarms tables; data keys add column settings. */
const TABLE_COLUMN_SETTINGS = {
  columnWidth: 'string',
  useCellStyleFunction: 'boolean',
  cellStyleFunction: 'string',
  useCellContentFunction: 'boolean',
  cellContentFunction: 'string',
  defaultColumnVisibility: 'string',
  columnSelectionToDisplay: 'string',
} as const;

const RPC_REQUEST = {
  requestTimeout: 'number',
  requestPersistent: 'boolean',
  persistentPollingInterval: 'number',
} as const;

const SWITCH_SETTINGS = {
  initialValue: 'boolean',
  title: 'string',
  retrieveValueMethod: 'string',
  valueKey: 'string',
  getValueMethod: 'string',
  setValueMethod: 'string',
  parseValueFunction: 'string',
  convertValueFunction: 'string',
  ...RPC_REQUEST,
} as const;

/** The natively rendered widget types, with the reference's aliases, names, kinds and sizes. */
/**
 * Descriptor data of the reference types Meridian means to render natively (reference widget-types
 * list), ready for their renderers. Only those in NATIVE_WIDGET_KEYS are installed and offered.
 */
export const WIDGET_TYPE_CATALOGUE: readonly NativeWidgetType[] = [
  {
    bundleAlias: 'cards',
    typeAlias: 'simple_card',
    name: 'Simple card',
    type: 'latest',
    sizeX: 5,
    sizeY: 3,
    settings: { labelPosition: 'string' },
  },
  {
    bundleAlias: 'cards',
    typeAlias: 'entities_table',
    name: 'Entities table',
    type: 'latest',
    sizeX: 7.5,
    sizeY: 6.5,
    settings: {
      entitiesTitle: 'string',
      enableSearch: 'boolean',
      enableSelectColumnDisplay: 'boolean',
      enableStickyHeader: 'boolean',
      enableStickyAction: 'boolean',
      reserveSpaceForHiddenAction: 'string',
      displayEntityName: 'boolean',
      entityNameColumnTitle: 'string',
      displayEntityLabel: 'boolean',
      entityLabelColumnTitle: 'string',
      displayEntityType: 'boolean',
      displayPagination: 'boolean',
      defaultPageSize: 'number',
      defaultSortOrder: 'string',
      useRowStyleFunction: 'boolean',
      rowStyleFunction: 'string',
    },
    dataKeySettings: TABLE_COLUMN_SETTINGS,
  },
  {
    bundleAlias: 'cards',
    typeAlias: 'timeseries_table',
    name: 'Timeseries table',
    type: 'timeseries',
    sizeX: 8,
    sizeY: 6.5,
    settings: {
      enableSearch: 'boolean',
      enableStickyHeader: 'boolean',
      enableStickyAction: 'boolean',
      reserveSpaceForHiddenAction: 'string',
      showTimestamp: 'boolean',
      showMilliseconds: 'boolean',
      displayPagination: 'boolean',
      useEntityLabel: 'boolean',
      defaultPageSize: 'number',
      hideEmptyLines: 'boolean',
      disableStickyHeader: 'boolean',
      useRowStyleFunction: 'boolean',
      rowStyleFunction: 'string',
    },
    dataKeySettings: {
      useCellStyleFunction: 'boolean',
      cellStyleFunction: 'string',
      useCellContentFunction: 'boolean',
      cellContentFunction: 'string',
    },
  },
  {
    bundleAlias: 'cards',
    typeAlias: 'attributes_card',
    name: 'Attributes card',
    type: 'latest',
    sizeX: 7.5,
    sizeY: 3,
    settings: {},
  },
  {
    bundleAlias: 'cards',
    typeAlias: 'html_value_card',
    name: 'HTML Value Card',
    type: 'latest',
    sizeX: 7.5,
    sizeY: 3,
    settings: { cardCss: 'string', cardHtml: 'string' },
  },
  {
    bundleAlias: 'cards',
    typeAlias: 'markdown_card',
    name: 'Markdown/HTML Card',
    type: 'latest',
    sizeX: 5,
    sizeY: 3.5,
    settings: {
      markdownTextPattern: 'string',
      markdownCss: 'string',
      useMarkdownTextFunction: 'boolean',
      markdownTextFunction: 'string',
    },
  },
  {
    bundleAlias: 'charts',
    typeAlias: 'basic_timeseries',
    name: 'Timeseries Line Chart',
    type: 'timeseries',
    sizeX: 8,
    sizeY: 5,
    settings: 'fromClass',
  },
  {
    bundleAlias: 'charts',
    typeAlias: 'timeseries_bars_flot',
    name: 'Timeseries Bar Chart',
    type: 'timeseries',
    sizeX: 8,
    sizeY: 5,
    settings: 'fromClass',
  },
  {
    bundleAlias: 'charts',
    typeAlias: 'pie',
    name: 'Pie- Flot',
    type: 'latest',
    sizeX: 8,
    sizeY: 5,
    settings: 'fromClass',
  },
  {
    bundleAlias: 'charts',
    typeAlias: 'doughnut_chart_js',
    name: 'Doughnut',
    type: 'latest',
    sizeX: 7,
    sizeY: 5,
    settings: { showTooltip: 'boolean', borderWidth: 'number', borderColor: 'string', legend: 'object' },
  },
  {
    bundleAlias: 'charts',
    typeAlias: 'state_chart',
    name: 'State Chart',
    type: 'timeseries',
    sizeX: 8,
    sizeY: 5,
    settings: 'fromClass',
  },
  {
    bundleAlias: 'charts',
    typeAlias: 'bars',
    name: 'Bars',
    type: 'latest',
    sizeX: 7,
    sizeY: 5,
    settings: { showTooltip: 'boolean' },
  },
  {
    bundleAlias: 'charts',
    typeAlias: 'pie_chart_js',
    name: 'Pie - Chart.js',
    type: 'latest',
    sizeX: 8,
    sizeY: 5,
    settings: { showTooltip: 'boolean' },
  },
  {
    bundleAlias: 'charts',
    typeAlias: 'polar_area_chart_js',
    name: 'Polar Area',
    type: 'latest',
    sizeX: 7,
    sizeY: 5,
    settings: { showTooltip: 'boolean' },
  },
  {
    bundleAlias: 'charts',
    typeAlias: 'radar_chart_js',
    name: 'Radar',
    type: 'latest',
    sizeX: 7,
    sizeY: 5,
    settings: { showTooltip: 'boolean' },
  },
  {
    bundleAlias: 'analogue_gauges',
    typeAlias: 'radial_gauge_canvas_gauges',
    name: 'Radial gauge',
    type: 'latest',
    sizeX: 6,
    sizeY: 5,
    settings: 'fromClass',
  },
  {
    bundleAlias: 'analogue_gauges',
    typeAlias: 'temperature_radial_gauge_canvas_gauges',
    name: 'Temperature radial gauge',
    type: 'latest',
    sizeX: 6,
    sizeY: 5,
    settings: 'fromClass',
  },
  {
    bundleAlias: 'analogue_gauges',
    typeAlias: 'speed_gauge_canvas_gauges',
    name: 'Speed gauge',
    type: 'latest',
    sizeX: 7,
    sizeY: 5,
    settings: 'fromClass',
  },
  {
    bundleAlias: 'analogue_gauges',
    typeAlias: 'temperature_gauge_canvas_gauges',
    name: 'Thermometer scale',
    type: 'latest',
    sizeX: 7,
    sizeY: 3,
    settings: 'fromClass',
  },
  {
    bundleAlias: 'analogue_gauges',
    typeAlias: 'analogue_compass',
    name: 'Compass',
    type: 'latest',
    sizeX: 6,
    sizeY: 5,
    settings: 'fromClass',
  },
  {
    bundleAlias: 'digital_gauges',
    typeAlias: 'simple_gauge_justgage',
    name: 'Simple gauge',
    type: 'latest',
    sizeX: 2,
    sizeY: 2,
    settings: 'fromClass',
  },
  {
    bundleAlias: 'digital_gauges',
    typeAlias: 'gauge_justgage',
    name: 'Gauge',
    type: 'latest',
    sizeX: 4,
    sizeY: 3,
    settings: 'fromClass',
  },
  {
    bundleAlias: 'digital_gauges',
    typeAlias: 'mini_gauge_justgage',
    name: 'Mini gauge',
    type: 'latest',
    sizeX: 2,
    sizeY: 2,
    settings: 'fromClass',
  },
  {
    bundleAlias: 'digital_gauges',
    typeAlias: 'vertical_bar_justgage',
    name: 'Vertical bar',
    type: 'latest',
    sizeX: 2,
    sizeY: 3.5,
    settings: 'fromClass',
  },
  {
    bundleAlias: 'digital_gauges',
    typeAlias: 'horizontal_bar_justgage',
    name: 'Horizontal bar',
    type: 'latest',
    sizeX: 7,
    sizeY: 3,
    settings: 'fromClass',
  },
  {
    bundleAlias: 'digital_gauges',
    typeAlias: 'digital_thermometer',
    name: 'Digital thermometer',
    type: 'latest',
    sizeX: 3,
    sizeY: 3,
    settings: 'fromClass',
  },
  {
    bundleAlias: 'digital_gauges',
    typeAlias: 'digital_vertical_bar',
    name: 'Digital vertical bar',
    type: 'latest',
    sizeX: 2.5,
    sizeY: 4.5,
    settings: 'fromClass',
  },
  {
    bundleAlias: 'digital_gauges',
    typeAlias: 'digital_bar',
    name: 'Digital horizontal bar',
    type: 'latest',
    sizeX: 6,
    sizeY: 2.5,
    settings: 'fromClass',
  },
  {
    bundleAlias: 'digital_gauges',
    typeAlias: 'neon_gauge_justgage',
    name: 'Neon gauge',
    type: 'latest',
    sizeX: 5,
    sizeY: 3,
    settings: 'fromClass',
  },
  {
    bundleAlias: 'digital_gauges',
    typeAlias: 'simple_neon_gauge_justgage',
    name: 'Simple neon gauge',
    type: 'latest',
    sizeX: 3,
    sizeY: 3,
    settings: 'fromClass',
  },
  {
    bundleAlias: 'digital_gauges',
    typeAlias: 'lcd_gauge',
    name: 'LCD gauge',
    type: 'latest',
    sizeX: 5,
    sizeY: 3,
    settings: 'fromClass',
  },
  {
    bundleAlias: 'digital_gauges',
    typeAlias: 'lcd_bar_gauge',
    name: 'LCD bar gauge',
    type: 'latest',
    sizeX: 2,
    sizeY: 3.5,
    settings: 'fromClass',
  },
  {
    bundleAlias: 'control_widgets',
    typeAlias: 'led_indicator',
    name: 'Led indicator',
    type: 'rpc',
    sizeX: 2.5,
    sizeY: 2.5,
    settings: {
      initialValue: 'boolean',
      title: 'string',
      ledColor: 'string',
      performCheckStatus: 'boolean',
      checkStatusMethod: 'string',
      retrieveValueMethod: 'string',
      valueAttribute: 'string',
      parseValueFunction: 'string',
      ...RPC_REQUEST,
    },
  },
  {
    bundleAlias: 'control_widgets',
    typeAlias: 'rpcbutton',
    name: 'RPC Button',
    type: 'rpc',
    sizeX: 4,
    sizeY: 2,
    settings: {
      title: 'string',
      buttonText: 'string',
      oneWayElseTwoWay: 'boolean',
      showError: 'boolean',
      methodName: 'string',
      methodParams: 'string',
      ...RPC_REQUEST,
      styleButton: 'object',
    },
  },
  {
    bundleAlias: 'control_widgets',
    typeAlias: 'switch_control',
    name: 'Switch Control',
    type: 'rpc',
    sizeX: 4,
    sizeY: 2.5,
    settings: { ...SWITCH_SETTINGS, showOnOffLabels: 'boolean' },
  },
  {
    bundleAlias: 'control_widgets',
    typeAlias: 'round_switch',
    name: 'Round switch',
    type: 'rpc',
    sizeX: 2.5,
    sizeY: 2,
    settings: SWITCH_SETTINGS,
  },
  {
    bundleAlias: 'input_widgets',
    typeAlias: 'update_server_string_attribute',
    name: 'Update server string attribute',
    type: 'latest',
    sizeX: 7.5,
    sizeY: 3,
    settings: SINGLE_ATTRIBUTE_TEXT_INPUT,
  },
  {
    bundleAlias: 'input_widgets',
    typeAlias: 'update_server_integer_attribute',
    name: 'Update server integer attribute',
    type: 'latest',
    sizeX: 7.5,
    sizeY: 3,
    settings: SINGLE_ATTRIBUTE_NUMBER_INPUT,
  },
  {
    bundleAlias: 'input_widgets',
    typeAlias: 'update_server_double_attribute',
    name: 'Update server double attribute',
    type: 'latest',
    sizeX: 7.5,
    sizeY: 3,
    settings: SINGLE_ATTRIBUTE_NUMBER_INPUT,
  },
  {
    bundleAlias: 'input_widgets',
    typeAlias: 'update_shared_string_attribute',
    name: 'Update shared string attribute',
    type: 'latest',
    sizeX: 7.5,
    sizeY: 3,
    settings: SINGLE_ATTRIBUTE_TEXT_INPUT,
  },
  {
    bundleAlias: 'input_widgets',
    typeAlias: 'update_shared_integer_attribute',
    name: 'Update shared integer attribute',
    type: 'latest',
    sizeX: 7.5,
    sizeY: 3,
    settings: SINGLE_ATTRIBUTE_NUMBER_INPUT,
  },
  {
    bundleAlias: 'input_widgets',
    typeAlias: 'update_shared_double_attribute',
    name: 'Update shared double attribute',
    type: 'latest',
    sizeX: 7.5,
    sizeY: 3,
    settings: SINGLE_ATTRIBUTE_NUMBER_INPUT,
  },
  {
    bundleAlias: 'alarm_widgets',
    typeAlias: 'alarms_table',
    name: 'Alarms table',
    type: 'alarm',
    sizeX: 10.5,
    sizeY: 6.5,
    settings: {
      alarmsTitle: 'string',
      enableSelection: 'boolean',
      enableSearch: 'boolean',
      enableSelectColumnDisplay: 'boolean',
      enableFilter: 'boolean',
      enableStickyHeader: 'boolean',
      enableStickyAction: 'boolean',
      reserveSpaceForHiddenAction: 'string',
      displayDetails: 'boolean',
      allowAcknowledgment: 'boolean',
      allowClear: 'boolean',
      displayPagination: 'boolean',
      defaultPageSize: 'number',
      defaultSortOrder: 'string',
      useRowStyleFunction: 'boolean',
      rowStyleFunction: 'string',
    },
    dataKeySettings: TABLE_COLUMN_SETTINGS,
  },
  {
    bundleAlias: 'maps_v2',
    typeAlias: 'openstreetmap',
    name: 'OpenStreetMap',
    type: 'latest',
    sizeX: 8.5,
    sizeY: 6,
    settings: 'fromClass',
  },
  {
    bundleAlias: 'navigation_widgets',
    typeAlias: 'navigation_cards',
    name: 'Navigation cards',
    type: 'static',
    sizeX: 7,
    sizeY: 6,
    settings: { filterType: 'string', filter: 'array' },
  },
];

/**
 * The types the console renders today, as `"<bundleAlias>.<typeAlias>"`: the console's widget
 * registry holds exactly these (a web test checks it). A renderer that lands adds its key here.
 */
export const NATIVE_WIDGET_KEYS: readonly string[] = [
  'cards.simple_card',
  'cards.entities_table',
  'cards.timeseries_table',
  'cards.attributes_card',
  'charts.basic_timeseries',
  'charts.timeseries_bars_flot',
  'charts.pie',
  'charts.doughnut_chart_js',
  'charts.state_chart',
  'charts.bars',
  'charts.pie_chart_js',
  'charts.polar_area_chart_js',
  'charts.radar_chart_js',
  'analogue_gauges.radial_gauge_canvas_gauges',
  'analogue_gauges.temperature_radial_gauge_canvas_gauges',
  'analogue_gauges.speed_gauge_canvas_gauges',
  'analogue_gauges.temperature_gauge_canvas_gauges',
  'analogue_gauges.analogue_compass',
  'digital_gauges.simple_gauge_justgage',
  'digital_gauges.gauge_justgage',
  'digital_gauges.mini_gauge_justgage',
  'digital_gauges.vertical_bar_justgage',
  'digital_gauges.horizontal_bar_justgage',
  'digital_gauges.digital_thermometer',
  'digital_gauges.digital_vertical_bar',
  'digital_gauges.digital_bar',
  'digital_gauges.neon_gauge_justgage',
  'digital_gauges.simple_neon_gauge_justgage',
  'digital_gauges.lcd_gauge',
  'digital_gauges.lcd_bar_gauge',
  'alarm_widgets.alarms_table',
];

/** The natively rendered types, with their descriptor data. */
export const NATIVE_WIDGET_TYPES: readonly NativeWidgetType[] = WIDGET_TYPE_CATALOGUE.filter((type) =>
  NATIVE_WIDGET_KEYS.includes(`${type.bundleAlias}.${type.typeAlias}`),
);

/** The system bundles that hold at least one natively rendered type: the ones installed. */
export const NATIVE_WIDGETS_BUNDLES = SYSTEM_WIDGETS_BUNDLES.filter((bundle) =>
  NATIVE_WIDGET_TYPES.some((type) => type.bundleAlias === bundle.alias),
);

/** Whether the console renders this type natively (dashboards may name any type). */
export function isNativeWidgetType(bundleAlias: string, typeAlias: string): boolean {
  return NATIVE_WIDGET_TYPES.some((t) => t.bundleAlias === bundleAlias && t.typeAlias === typeAlias);
}
