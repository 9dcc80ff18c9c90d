// biome-ignore-all lint/suspicious/noTemplateCurlyInString: dashboard state names and patterns use ${...} placeholders
import type { JsonObject } from '@meridian/common';

/** Title of the demo tenant's home dashboard. */
export const DEMO_DASHBOARD_TITLE = 'Demo devices';

/** The demo devices the dashboard names one by one, by id (known at install). */
export interface DemoDashboardDevices {
  thermostat: string;
  dht11: string;
}

const ALL_DEVICES = 'all-devices';
const SELECTED_DEVICE = 'selected-device';
/** The state that shows one device, opened from the devices table. */
const DEVICE_STATE = 'device';
const THERMOSTAT = 'thermostat';
const DHT11 = 'dht11';

const temperature = (color: string, label = 'Temperature') => ({
  name: 'temperature',
  type: 'timeseries',
  label,
  color,
  settings: {},
  units: '°C',
  decimals: 1,
});

const humidity = (color: string) => ({
  name: 'humidity',
  type: 'timeseries',
  label: 'Humidity',
  color,
  settings: {},
  units: '%',
  decimals: 0,
});

/**
 * The thermostat settings form of the reference's demo: a shared attribute the device reads (its
 * set point) and a server attribute only the platform keeps.
 */
const settingKey = (name: string, label: string, color: string, settings: JsonObject) => ({
  name,
  type: 'attribute',
  label,
  color,
  settings,
});

const datasource = (entityAliasId: string, dataKeys: JsonObject[]) => ({
  type: 'entity',
  entityAliasId,
  dataKeys,
});

/**
 * A widget of the reference's export format; `config` adds to the common part. No background or
 * text colour, nor a grid background: the console's light or dark theme gives them.
 */
function widget(
  id: string,
  bundleAlias: string,
  typeAlias: string,
  type: string,
  size: { sizeX: number; sizeY: number },
  config: JsonObject,
): JsonObject {
  return {
    id,
    bundleAlias,
    typeAlias,
    type,
    isSystemType: true,
    ...size,
    config: {
      showTitle: true,
      padding: '8px',
      dropShadow: true,
      enableFullscreen: true,
      useDashboardTimewindow: true,
      showLegend: false,
      ...config,
    },
  };
}

/**
 * The demo tenant's home dashboard, "Demo devices", in the reference's (ThingsBoard 3.3) dashboard
 * format: an entities table of every device with its latest temperature and humidity, a simple card
 * and a radial gauge of the thermostat's temperature, and a line chart of the temperature of the
 * thermostat and the DHT11 sensor over the last hour, a switch that sends the thermostat
 * `setValue` RPCs, and a map of the devices' positions. Each device row (and map marker) opens a state with that
 * device's latest temperature, a chart of its temperature and humidity, and a settings form of its target
 * temperature (shared attribute) and power saving (server attribute). Only natively rendered widget types
 * (`NATIVE_WIDGET_KEYS`) are used.
 */
export function demoDashboard(devices: DemoDashboardDevices): { title: string; configuration: JsonObject } {
  const widgets = {
    devices: widget(
      'devices',
      'cards',
      'entities_table',
      'latest',
      { sizeX: 12, sizeY: 6 },
      {
        title: 'Devices',
        datasources: [datasource(ALL_DEVICES, [temperature('#2196f3'), humidity('#4caf50')])],
        settings: {
          entitiesTitle: 'Devices',
          enableSearch: true,
          displayEntityName: true,
          entityNameColumnTitle: 'Device',
          displayEntityLabel: false,
          displayEntityType: false,
          displayPagination: true,
          defaultPageSize: 10,
          defaultSortOrder: 'entityName',
        },
        actions: {
          actionCellButton: [
            {
              id: 'open-device',
              name: 'Device details',
              icon: 'insert_chart',
              type: 'openDashboardState',
              targetDashboardStateId: DEVICE_STATE,
              setEntityId: true,
              stateEntityParamName: null,
              openRightLayout: false,
            },
          ],
        },
      },
    ),
    deviceNow: widget(
      'deviceNow',
      'cards',
      'simple_card',
      'latest',
      { sizeX: 6, sizeY: 3 },
      {
        title: 'Latest temperature',
        datasources: [datasource(SELECTED_DEVICE, [temperature('#ff5722')])],
        settings: { labelPosition: 'top' },
      },
    ),
    deviceChart: widget(
      'deviceChart',
      'charts',
      'basic_timeseries',
      'timeseries',
      { sizeX: 18, sizeY: 8 },
      {
        title: 'Temperature and humidity',
        showLegend: true,
        datasources: [datasource(SELECTED_DEVICE, [temperature('#ff5722'), humidity('#2196f3')])],
        settings: { shadowSize: 4, smoothLines: false },
      },
    ),
    deviceSettings: widget(
      'deviceSettings',
      'input_widgets',
      'update_multiple_attributes',
      'latest',
      { sizeX: 6, sizeY: 5 },
      {
        title: 'Settings',
        datasources: [
          datasource(SELECTED_DEVICE, [
            settingKey('targetTemperature', 'Target temperature, °C', '#ff5722', {
              dataKeyType: 'shared',
              dataKeyValueType: 'double',
              required: true,
              minValue: 5,
              maxValue: 35,
              step: 0.5,
              isEditable: 'editable',
            }),
            settingKey('powerSaving', 'Power saving', '#4caf50', {
              dataKeyType: 'server',
              dataKeyValueType: 'booleanSwitch',
              slideToggleLabelPosition: 'after',
              isEditable: 'editable',
            }),
          ]),
        ],
        settings: {
          showActionButtons: true,
          updateAllValues: false,
          showResultMessage: true,
          showGroupTitle: false,
          fieldsAlignment: 'column',
          fieldsInRow: 1,
        },
      },
    ),
    card: widget(
      'card',
      'cards',
      'simple_card',
      'latest',
      { sizeX: 6, sizeY: 3 },
      {
        title: 'Thermostat T1',
        showTitle: false,
        backgroundColor: '#ff5722',
        color: 'rgba(255, 255, 255, 0.87)',
        padding: '16px',
        datasources: [datasource(THERMOSTAT, [temperature('#ffffff')])],
        settings: { labelPosition: 'top' },
      },
    ),
    gauge: widget(
      'gauge',
      'analogue_gauges',
      'radial_gauge_canvas_gauges',
      'latest',
      { sizeX: 6, sizeY: 6 },
      {
        title: 'Thermostat temperature',
        datasources: [datasource(THERMOSTAT, [temperature('#7cb342')])],
        settings: {
          minValue: -20,
          maxValue: 60,
          unitTitle: 'Temperature',
          showUnitTitle: true,
          majorTicksCount: 8,
          highlights: [
            { from: -20, to: 0, color: '#42a5f5' },
            { from: 30, to: 60, color: '#ef5350' },
          ],
        },
      },
    ),
    pump: widget(
      'pump',
      'control_widgets',
      'switch_control',
      'rpc',
      { sizeX: 6, sizeY: 3 },
      {
        title: 'Thermostat heating',
        targetDeviceAliasIds: [THERMOSTAT],
        datasources: [],
        settings: {
          title: 'Heating',
          initialValue: false,
          showOnOffLabels: true,
          // The device's answer to getValue sets the switch; a change goes out as setValue.
          retrieveValueMethod: 'rpc',
          getValueMethod: 'getValue',
          setValueMethod: 'setValue',
          requestTimeout: 5000,
        },
      },
    ),
    map: widget(
      'map',
      'maps_v2',
      'openstreetmap',
      'latest',
      { sizeX: 12, sizeY: 6 },
      {
        title: 'Where the devices are',
        datasources: [
          datasource(ALL_DEVICES, [
            { name: 'latitude', type: 'attribute', label: 'latitude', color: '#2196f3', settings: {} },
            { name: 'longitude', type: 'attribute', label: 'longitude', color: '#4caf50', settings: {} },
            temperature('#ff5722'),
          ]),
        ],
        settings: {
          provider: 'openstreet-map',
          mapProvider: 'OpenStreetMap.Mapnik',
          latKeyName: 'latitude',
          lngKeyName: 'longitude',
          showLabel: true,
          label: '${entityName}',
          showTooltip: true,
          tooltipPattern: '<b>${entityName}</b><br/>Temperature: ${Temperature:1} °C',
          fitMapBounds: true,
          defaultZoomLevel: 5,
        },
        actions: {
          markerClick: [
            {
              id: 'marker-device',
              name: 'Device details',
              icon: 'insert_chart',
              type: 'openDashboardState',
              targetDashboardStateId: DEVICE_STATE,
              setEntityId: true,
              stateEntityParamName: null,
            },
          ],
        },
      },
    ),
    chart: widget(
      'chart',
      'charts',
      'basic_timeseries',
      'timeseries',
      { sizeX: 24, sizeY: 6 },
      {
        title: 'Temperature, last hour',
        showLegend: true,
        datasources: [
          datasource(THERMOSTAT, [temperature('#ff5722', 'Thermostat T1')]),
          datasource(DHT11, [temperature('#2196f3', 'DHT11 Demo Device')]),
        ],
        settings: { shadowSize: 4, smoothLines: false },
      },
    ),
  };
  const singleDevice = (id: string, alias: string, deviceId: string) => ({
    id,
    alias,
    filter: {
      type: 'singleEntity',
      resolveMultiple: false,
      singleEntity: { entityType: 'DEVICE', id: deviceId },
    },
  });
  return {
    title: DEMO_DASHBOARD_TITLE,
    configuration: {
      description: 'The devices of the demo tenant and their latest readings',
      widgets,
      states: {
        default: {
          name: DEMO_DASHBOARD_TITLE,
          root: true,
          layouts: {
            main: {
              widgets: {
                devices: { sizeX: 12, sizeY: 6, row: 0, col: 0, mobileOrder: 4 },
                card: { sizeX: 6, sizeY: 3, row: 0, col: 12, mobileOrder: 1 },
                pump: { sizeX: 6, sizeY: 3, row: 3, col: 12, mobileOrder: 3 },
                gauge: { sizeX: 6, sizeY: 6, row: 0, col: 18, mobileOrder: 2 },
                chart: { sizeX: 12, sizeY: 6, row: 6, col: 0, mobileOrder: 5 },
                map: { sizeX: 12, sizeY: 6, row: 6, col: 12, mobileOrder: 6 },
              },
              gridSettings: {
                columns: 24,
                margins: [10, 10],
                autoFillHeight: false,
              },
            },
          },
        },
        [DEVICE_STATE]: {
          // The breadcrumb shows the device's name (reference state name placeholders).
          name: '${entityName}',
          root: false,
          layouts: {
            main: {
              widgets: {
                deviceNow: { sizeX: 6, sizeY: 3, row: 0, col: 0, mobileOrder: 1 },
                deviceSettings: { sizeX: 6, sizeY: 5, row: 3, col: 0, mobileOrder: 3 },
                deviceChart: { sizeX: 18, sizeY: 8, row: 0, col: 6, mobileOrder: 2 },
              },
              gridSettings: { columns: 24, margins: [10, 10], autoFillHeight: false },
            },
          },
        },
      },
      entityAliases: {
        [ALL_DEVICES]: {
          id: ALL_DEVICES,
          alias: 'All devices',
          filter: { type: 'entityType', resolveMultiple: true, entityType: 'DEVICE' },
        },
        [THERMOSTAT]: singleDevice(THERMOSTAT, 'Thermostat T1', devices.thermostat),
        [DHT11]: singleDevice(DHT11, 'DHT11 Demo Device', devices.dht11),
        [SELECTED_DEVICE]: {
          id: SELECTED_DEVICE,
          alias: 'Selected device',
          filter: { type: 'stateEntity', resolveMultiple: false, stateEntityParamName: null },
        },
      },
      filters: {},
      timewindow: {
        displayValue: '',
        selectedTab: 0,
        realtime: { realtimeType: 0, interval: 1000, timewindowMs: 3_600_000 },
        aggregation: { type: 'NONE', limit: 200 },
      },
      settings: {
        stateControllerId: 'entity',
        showTitle: true,
        showDashboardsSelect: false,
        showEntitiesSelect: false,
        showDashboardTimewindow: true,
        showDashboardExport: false,
        toolbarAlwaysOpen: true,
      },
    },
  };
}
