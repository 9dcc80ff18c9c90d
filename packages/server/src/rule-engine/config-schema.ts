import {
  ALARM_SEVERITIES,
  ALARM_STATUSES,
  type ConfigSchema,
  ENTITY_SEARCH_DIRECTIONS,
  ENTITY_TYPES,
  SCRIPT_MEDIA_TYPE,
} from '@meridian/common';

/**
 * Builders of the configuration schemas the node definitions carry (`configurationSchema`). Titles
 * are the reference console's form labels; choices are the reference's enums with their labels.
 */

type Extra = Omit<ConfigSchema, 'type' | 'title'>;

export const text = (title: string, extra: Extra = {}): ConfigSchema => ({ type: 'string', title, ...extra });
/** A text the reference stores as null until it is set. */
export const optionalText = (title: string, extra: Extra = {}): ConfigSchema => ({
  type: ['string', 'null'],
  title,
  ...extra,
});
export const integer = (title: string, extra: Extra = {}): ConfigSchema => ({
  type: 'integer',
  title,
  ...extra,
});
export const number = (title: string, extra: Extra = {}): ConfigSchema => ({
  type: 'number',
  title,
  ...extra,
});
export const flag = (title: string, extra: Extra = {}): ConfigSchema => ({
  type: 'boolean',
  title,
  ...extra,
});
export const script = (title: string, extra: Extra = {}): ConfigSchema => ({
  type: 'string',
  title,
  contentMediaType: SCRIPT_MEDIA_TYPE,
  ...extra,
});

/** One of `values`, labelled by `names` (same order). */
export function choice(
  title: string,
  values: readonly string[],
  names: readonly string[],
  extra: Extra = {},
): ConfigSchema {
  if (values.length !== names.length)
    throw new Error(`choice '${title}': ${values.length} values, ${names.length} names`);
  return { type: 'string', title, enum: [...values], enumNames: [...names], ...extra };
}

export const stringList = (
  title: string,
  items: ConfigSchema = { type: 'string' },
  extra: Extra = {},
): ConfigSchema => ({
  type: 'array',
  title,
  items,
  ...extra,
});

/** A string → string map (attribute mappings, headers, message attributes). */
export const stringMap = (title: string, extra: Extra = {}): ConfigSchema => ({
  type: 'object',
  title,
  additionalProperties: { type: 'string' },
  ...extra,
});

export const group = (
  title: string,
  properties: Record<string, ConfigSchema>,
  extra: Extra = {},
): ConfigSchema => ({
  type: 'object',
  title,
  properties,
  ...extra,
});

/** The schema of a node's whole configuration; `defineNode` adds the defaults. */
export function nodeConfigSchema(
  properties: Record<string, ConfigSchema>,
  required: string[] = [],
): ConfigSchema {
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

/** A configuration with nothing to set (the reference's tbNodeEmptyConfig stores `{version: 0}`). */
export const EMPTY_CONFIG_SCHEMA = nodeConfigSchema({ version: integer('Version') });

const ENTITY_TYPE_NAMES: Record<(typeof ENTITY_TYPES)[number], string> = {
  TENANT: 'Tenant',
  CUSTOMER: 'Customer',
  USER: 'User',
  DASHBOARD: 'Dashboard',
  ASSET: 'Asset',
  DEVICE: 'Device',
  ALARM: 'Alarm',
  RULE_CHAIN: 'Rule chain',
  RULE_NODE: 'Rule node',
  ENTITY_VIEW: 'Entity View',
  WIDGETS_BUNDLE: 'Widgets bundle',
  WIDGET_TYPE: 'Widget type',
  TENANT_PROFILE: 'Tenant profile',
  DEVICE_PROFILE: 'Device profile',
  API_USAGE_STATE: 'Api Usage State',
  TB_RESOURCE: 'Resource',
  OTA_PACKAGE: 'OTA package',
  EDGE: 'Edge',
  RPC: 'RPC',
};

/** One of the given entity types (all by default). */
export const entityType = (title: string, types: readonly string[] = ENTITY_TYPES, extra: Extra = {}) =>
  choice(
    title,
    types,
    types.map((type) => ENTITY_TYPE_NAMES[type as keyof typeof ENTITY_TYPE_NAMES] ?? type),
    extra,
  );

export const direction = (title = 'Direction') => choice(title, ENTITY_SEARCH_DIRECTIONS, ['From', 'To']);

export const alarmSeverity = (title: string, extra: Extra = {}) =>
  choice(title, ALARM_SEVERITIES, ['Critical', 'Major', 'Minor', 'Warning', 'Indeterminate'], extra);

export const alarmStatus = (title: string) =>
  choice(title, ALARM_STATUSES, [
    'Active Unacknowledged',
    'Active Acknowledged',
    'Cleared Unacknowledged',
    'Cleared Acknowledged',
  ]);

export const TIME_UNIT_VALUES = ['MILLISECONDS', 'SECONDS', 'MINUTES', 'HOURS', 'DAYS'] as const;
const TIME_UNIT_NAMES = ['Milliseconds', 'Seconds', 'Minutes', 'Hours', 'Days'];
/** A time unit; `from` drops the smaller units a node does not take. */
export function timeUnit(
  title: string,
  from: (typeof TIME_UNIT_VALUES)[number] = 'MILLISECONDS',
): ConfigSchema {
  const start = TIME_UNIT_VALUES.indexOf(from);
  return choice(title, TIME_UNIT_VALUES.slice(start), TIME_UNIT_NAMES.slice(start));
}

/** The relations query of the change originator and related attributes nodes (reference RelationsQuery). */
export const relationsQuery = (title = 'Relations query'): ConfigSchema =>
  group(title, {
    direction: direction(),
    maxLevel: integer('Max relation level', { minimum: 0 }),
    fetchLastLevelOnly: flag('Fetch last level relation only'),
    filters: {
      type: 'array',
      title: 'Relation filters',
      items: group('Relation filter', {
        relationType: text('Relation type'),
        entityTypes: stringList('Entity types', entityType('Entity type')),
      }),
    },
  });

/** Host/port/user of an HTTP proxy (rest api call, send email). */
export const PROXY_PROPERTIES: Record<string, ConfigSchema> = {
  enableProxy: flag('Enable proxy'),
  proxyHost: text('Proxy host'),
  proxyPort: integer('Proxy port', { minimum: 0, maximum: 65535 }),
  proxyUser: text('Proxy user'),
  proxyPassword: text('Proxy password'),
};

/** Client credentials of the MQTT and REST nodes (reference ClientCredentials). */
export function clientCredentials(types: readonly string[], names: readonly string[]): ConfigSchema {
  return group('Credentials', {
    type: choice('Credentials type', types, names),
    username: text('Username'),
    password: text('Password'),
    caCert: optionalText('Server CA certificate'),
    caCertFileName: optionalText('Server CA certificate file name'),
    cert: optionalText('Client certificate'),
    certFileName: optionalText('Client certificate file name'),
    privateKey: optionalText('Private key'),
    privateKeyFileName: optionalText('Private key file name'),
    sasKey: text('SAS key'),
  });
}

/** The configured perimeter of the gps geofencing nodes (used unless it comes from the metadata). */
export const PERIMETER_PROPERTIES: Record<string, ConfigSchema> = {
  perimeterType: choice('Perimeter type', ['POLYGON', 'CIRCLE'], ['Polygon', 'Circle']),
  perimeterKeyName: text('Perimeter key name'),
  polygonsDefinition: text('Polygons definition', { description: '[[lat, lon], [lat, lon], ...]' }),
  centerLatitude: number('Center latitude', { minimum: -90, maximum: 90 }),
  centerLongitude: number('Center longitude', { minimum: -180, maximum: 180 }),
  range: number('Range', { minimum: 0 }),
  rangeUnit: choice(
    'Range units',
    ['METER', 'KILOMETER', 'FOOT', 'MILE', 'NAUTICAL_MILE'],
    ['Meter', 'Kilometer', 'Foot', 'Mile', 'Nautical mile'],
  ),
};
