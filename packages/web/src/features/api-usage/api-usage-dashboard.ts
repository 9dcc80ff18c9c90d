import {
  API_FEATURE_STATE_KEYS,
  API_USAGE_KEYS,
  type Dashboard,
  hourlyKey,
  NULL_UUID,
} from '@meridian/common';

/**
 * The API usage page's dashboard (reference console §3.15: a built-in read-only dashboard over the
 * tenant's API usage state entity). Built here rather than stored, so it always matches the
 * counters the server keeps; its titles come from the console's language.
 */

const ALIAS_ID = 'api-usage-state';
const DAY_MS = 86_400_000;

/** The counters the page shows, each with its card, its hourly chart and its colour. */
const COUNTERS = [
  { record: API_USAGE_KEYS.TRANSPORT_MSG_COUNT, title: 'usage.transport-messages', color: '#2196f3' },
  { record: API_USAGE_KEYS.TRANSPORT_DP_COUNT, title: 'usage.transport-data-points', color: '#03a9f4' },
  { record: API_USAGE_KEYS.RE_EXEC_COUNT, title: 'usage.rule-engine-executions', color: '#4caf50' },
  { record: API_USAGE_KEYS.JS_EXEC_COUNT, title: 'usage.javascript-executions', color: '#ff9800' },
  { record: API_USAGE_KEYS.STORAGE_DP_COUNT, title: 'usage.telemetry-persistence', color: '#9c27b0' },
  { record: API_USAGE_KEYS.EMAIL_EXEC_COUNT, title: 'usage.emails', color: '#795548' },
  { record: API_USAGE_KEYS.SMS_EXEC_COUNT, title: 'usage.sms-messages', color: '#009688' },
  { record: API_USAGE_KEYS.CREATED_ALARMS_COUNT, title: 'usage.created-alarms', color: '#f44336' },
] as const;

const STATES = [
  { key: API_FEATURE_STATE_KEYS.TRANSPORT, title: 'usage.transport' },
  { key: API_FEATURE_STATE_KEYS.RE, title: 'usage.rule-engine' },
  { key: API_FEATURE_STATE_KEYS.JS, title: 'usage.javascript' },
  { key: API_FEATURE_STATE_KEYS.EMAIL, title: 'usage.email' },
  { key: API_FEATURE_STATE_KEYS.SMS, title: 'usage.sms' },
  { key: API_FEATURE_STATE_KEYS.ALARM, title: 'usage.alarms' },
] as const;

/** Rows the counter cards take: four cards a row, three rows high. */
const CARD_ROWS = Math.ceil(COUNTERS.length / 4) * 3;

type Translate = (key: string) => string;

const dataKey = (name: string, label: string, color: string) => ({
  name,
  type: 'timeseries',
  label,
  color,
  settings: {},
});

const datasource = (keys: ReturnType<typeof dataKey>[]) => [
  { type: 'entity', entityAliasId: ALIAS_ID, dataKeys: keys },
];

function widget(
  bundleAlias: string,
  typeAlias: string,
  type: string,
  title: string,
  config: Record<string, unknown>,
) {
  return {
    isSystemType: true,
    bundleAlias,
    typeAlias,
    type,
    title,
    config: {
      title,
      showTitle: true,
      backgroundColor: '#fff',
      color: 'rgba(0, 0, 0, 0.87)',
      padding: '8px',
      dropShadow: true,
      enableFullscreen: true,
      useDashboardTimewindow: false,
      settings: {},
      ...config,
    },
  };
}

export function apiUsageDashboard(t: Translate, tenantId: string): Dashboard {
  const widgets: Record<string, unknown> = {};
  const positions: Record<string, unknown> = {};
  const place = (id: string, w: unknown, col: number, row: number, sizeX: number, sizeY: number) => {
    widgets[id] = { ...(w as object), id };
    positions[id] = { col, row, sizeX, sizeY };
  };
  COUNTERS.forEach(({ record, title, color }, index) => {
    // This month's count: the latest value of the monthly counter.
    place(
      `card-${record.key}`,
      widget('cards', 'simple_card', 'latest', t(title), {
        showTitle: false,
        useDashboardTimewindow: true,
        datasources: datasource([dataKey(record.key, t(title), color)]),
        settings: { labelPosition: 'top' },
        decimals: 0,
      }),
      // Four cards a row.
      (index % 4) * 6,
      Math.floor(index / 4) * 3,
      6,
      3,
    );
    // Its hourly counts over the last day.
    place(
      `chart-${record.key}`,
      widget('charts', 'timeseries_bars_flot', 'timeseries', `${t(title)} · ${t('usage.per-hour')}`, {
        datasources: datasource([dataKey(hourlyKey(record.key), t(title), color)]),
        timewindow: { realtime: { timewindowMs: DAY_MS }, aggregation: { type: 'NONE', limit: 200 } },
        decimals: 0,
      }),
      (index % 2) * 12,
      CARD_ROWS + Math.floor(index / 2) * 6,
      12,
      6,
    );
  });
  place(
    'feature-states',
    widget('cards', 'attributes_card', 'latest', t('usage.states'), {
      useDashboardTimewindow: true,
      datasources: datasource(STATES.map(({ key, title }) => dataKey(key, t(title), '#607d8b'))),
    }),
    0,
    CARD_ROWS + Math.ceil(COUNTERS.length / 2) * 6,
    12,
    6,
  );
  return {
    id: { entityType: 'DASHBOARD', id: NULL_UUID },
    createdTime: 0,
    tenantId: { entityType: 'TENANT', id: tenantId },
    title: t('api-usage.api-usage'),
    image: null,
    assignedCustomers: null,
    mobileHide: false,
    mobileOrder: null,
    configuration: {
      widgets,
      entityAliases: {
        [ALIAS_ID]: {
          id: ALIAS_ID,
          alias: 'Api usage state',
          filter: { type: 'apiUsageState', resolveMultiple: false },
        },
      },
      filters: {},
      states: {
        default: {
          name: t('api-usage.api-usage'),
          root: true,
          layouts: {
            main: {
              widgets: positions,
              gridSettings: { columns: 24, margin: 10, backgroundColor: '#eeeeee' },
            },
          },
        },
      },
      timewindow: { realtime: { timewindowMs: DAY_MS } },
      settings: {
        stateControllerId: 'default',
        showTitle: false,
        showDashboardExport: false,
        showUpdateDashboardImage: false,
        showDashboardTimewindow: false,
      },
    },
  } as Dashboard;
}
