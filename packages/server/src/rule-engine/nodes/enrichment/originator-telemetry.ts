import { AGGREGATION_TYPES, type AggregationType, type TsKvEntry } from '@meridian/common';
import { valueAsJson, valueAsString } from '../../../telemetry/values.js';
import { configBoolean, configEnum, configInteger, configString, configStringList } from '../../config.js';
import { choice, flag, integer, nodeConfigSchema, stringList, text, timeUnit } from '../../config-schema.js';
import { changeMsg, type RuleMsg } from '../../message.js';
import { defineNode, RuleNodeConfigError } from '../../node.js';
import { processPattern, processPatterns } from '../../services/msg-pattern.js';
import { TenantEntities } from '../../services/tenant-entities.js';

/** The most points fetch mode ALL returns per key (the reference's MAX_FETCH_SIZE). */
const MAX_FETCH_SIZE = 1000;
const FETCH_MODES = ['FIRST', 'LAST', 'ALL'] as const;
const TIME_UNITS = ['MILLISECONDS', 'SECONDS', 'MINUTES', 'HOURS', 'DAYS'] as const;
type TimeUnit = (typeof TIME_UNITS)[number];
const UNIT_MS: Record<TimeUnit, number> = {
  MILLISECONDS: 1,
  SECONDS: 1000,
  MINUTES: 60_000,
  HOURS: 3_600_000,
  DAYS: 86_400_000,
};

interface TelemetryFetchConfig {
  latestTsKeyNames: string[];
  fetchMode: (typeof FETCH_MODES)[number];
  orderBy: 'ASC' | 'DESC';
  /** Points per key in mode ALL. */
  limit: number;
  aggregation: AggregationType;
  useMetadataIntervalPatterns: boolean;
  startIntervalMs: number;
  endIntervalMs: number;
  startIntervalPattern: string;
  endIntervalPattern: string;
}

/** A window end from its pattern, failing as the reference does when it is unset or not a number. */
function intervalFromPattern(pattern: string, msg: RuleMsg): number {
  const text = processPattern(pattern, msg);
  const name = pattern.replace(/[$[\]{}]/g, '');
  if (text === pattern) throw new Error(`Message value: '${name}' is undefined`);
  if (!/^-?\d+$/.test(text.trim())) throw new Error(`Message value: '${name}' has invalid format`);
  return Number(text.trim());
}

function timeWindow(
  config: TelemetryFetchConfig,
  msg: RuleMsg,
  now: number,
): { startTs: number; endTs: number } {
  if (config.useMetadataIntervalPatterns) {
    return {
      startTs: intervalFromPattern(config.startIntervalPattern, msg),
      endTs: intervalFromPattern(config.endIntervalPattern, msg),
    };
  }
  return { startTs: now - config.startIntervalMs, endTs: now - config.endIntervalMs };
}

/** A point as the reference writes it in mode ALL: `{"ts":…,"value":…}` with the value typed. */
const pointJson = (entry: TsKvEntry) => `{"ts":${entry.ts},"value":${valueAsJson(entry.value)}}`;

export const originatorTelemetryNode = defineNode<TelemetryFetchConfig>({
  clazz: 'org.thingsboard.rule.engine.metadata.TbGetTelemetryNode',
  type: 'ENRICHMENT',
  name: 'originator telemetry',
  description: 'Add Message Originator Telemetry for selected time range into Message Metadata\n',
  details:
    'Fetches telemetry of the originator in a time window (relative to now, or from metadata patterns) ' +
    'into the metadata, under each key without a prefix. Fetch mode <b>FIRST</b> or <b>LAST</b> adds the ' +
    'first or last value; <b>ALL</b> adds a JSON array of <code>{"ts":…,"value":…}</code> points (up to ' +
    'the limit, in the selected order), or the single aggregate of the window when an aggregation is set.',
  relationTypes: ['Success'],
  configDirective: 'tbEnrichmentNodeGetTelemetryFromDatabase',
  defaultConfiguration: {
    latestTsKeyNames: [],
    aggregation: 'NONE',
    fetchMode: 'FIRST',
    orderBy: 'ASC',
    limit: MAX_FETCH_SIZE,
    useMetadataIntervalPatterns: false,
    startInterval: 2,
    startIntervalTimeUnit: 'MINUTES',
    endInterval: 1,
    endIntervalTimeUnit: 'MINUTES',
    startIntervalPattern: '',
    endIntervalPattern: '',
  },
  configurationSchema: nodeConfigSchema({
    latestTsKeyNames: stringList('Timeseries keys'),
    fetchMode: choice('Fetch mode', FETCH_MODES, ['First', 'Last', 'All']),
    orderBy: choice('Order by', ['ASC', 'DESC'], ['Ascending', 'Descending']),
    aggregation: choice('Data aggregation function', AGGREGATION_TYPES, [
      'Min',
      'Max',
      'Average',
      'Sum',
      'Count',
      'None',
    ]),
    limit: integer('Limit', { minimum: 0, maximum: MAX_FETCH_SIZE }),
    useMetadataIntervalPatterns: flag('Use metadata interval patterns'),
    startInterval: integer('Start Interval', { minimum: 0 }),
    startIntervalTimeUnit: timeUnit('Start Interval Time Unit'),
    endInterval: integer('End Interval', { minimum: 0 }),
    endIntervalTimeUnit: timeUnit('End Interval Time Unit'),
    startIntervalPattern: text('Start interval pattern'),
    endIntervalPattern: text('End interval pattern'),
  }),
  configure(raw) {
    const fetchMode = configEnum(raw, 'fetchMode', FETCH_MODES, 'FIRST');
    const limit = configInteger(raw, 'limit', MAX_FETCH_SIZE);
    if (fetchMode === 'ALL' && (limit < 0 || limit > MAX_FETCH_SIZE)) {
      throw new RuleNodeConfigError(
        `'limit' must be between 1 and ${MAX_FETCH_SIZE} (0 means ${MAX_FETCH_SIZE})`,
      );
    }
    const useMetadataIntervalPatterns = configBoolean(raw, 'useMetadataIntervalPatterns', false);
    const config: TelemetryFetchConfig = {
      latestTsKeyNames: configStringList(raw, 'latestTsKeyNames', []),
      fetchMode,
      // FIRST and LAST pick their own order; only ALL honours the configured one.
      orderBy:
        fetchMode === 'ALL'
          ? configEnum(raw, 'orderBy', ['ASC', 'DESC'] as const, 'ASC')
          : fetchMode === 'FIRST'
            ? 'ASC'
            : 'DESC',
      limit: fetchMode === 'ALL' ? limit || MAX_FETCH_SIZE : 1,
      aggregation: fetchMode === 'ALL' ? configEnum(raw, 'aggregation', AGGREGATION_TYPES, 'NONE') : 'NONE',
      useMetadataIntervalPatterns,
      startIntervalMs:
        configNumberOfUnits(raw, 'startInterval', 2) *
        UNIT_MS[configEnum(raw, 'startIntervalTimeUnit', TIME_UNITS, 'MINUTES')],
      endIntervalMs:
        configNumberOfUnits(raw, 'endInterval', 1) *
        UNIT_MS[configEnum(raw, 'endIntervalTimeUnit', TIME_UNITS, 'MINUTES')],
      startIntervalPattern: configString(raw, 'startIntervalPattern', ''),
      endIntervalPattern: configString(raw, 'endIntervalPattern', ''),
    };
    if (
      useMetadataIntervalPatterns &&
      (config.startIntervalPattern === '' || config.endIntervalPattern === '')
    ) {
      throw new RuleNodeConfigError(
        "'startIntervalPattern' and 'endIntervalPattern' are required with metadata intervals",
      );
    }
    return config;
  },
  create: (config, ctx) => ({
    async onMsg(msg) {
      const keys = [...new Set(processPatterns(config.latestTsKeyNames, msg))];
      if (keys.length === 0) throw new Error('Telemetry is not selected!');
      await TenantEntities.of(ctx).requireOwned(msg.originator);
      const { startTs, endTs } = timeWindow(config, msg, ctx.services.now());
      if (endTs <= startTs) throw new Error(`The interval end ${endTs} is not after its start ${startTs}`);
      const aggregated = config.aggregation !== 'NONE';
      const found = await ctx.services.telemetry.history(msg.originator, {
        keys,
        startTs,
        endTs,
        // An aggregation covers the whole window as one bucket.
        interval: aggregated ? endTs - startTs : 0,
        limit: config.limit,
        agg: config.aggregation,
        orderBy: config.orderBy,
      });
      const metadata: Record<string, string> = { ...msg.metadata };
      for (const key of keys) {
        const points = found.get(key);
        if (!points || points.length === 0) continue;
        // The reference writes FIRST/LAST values as a JSON string node: quoted text.
        metadata[key] =
          config.fetchMode === 'ALL'
            ? `[${points.map(pointJson).join(',')}]`
            : JSON.stringify(valueAsString((points[0] as TsKvEntry).value));
      }
      return { msg: changeMsg(msg, { metadata }), relations: ['Success'] };
    },
  }),
});

function configNumberOfUnits(
  raw: Parameters<typeof configInteger>[0],
  key: string,
  fallback: number,
): number {
  const value = configInteger(raw, key, fallback);
  if (value < 0) throw new RuleNodeConfigError(`'${key}' must not be negative`);
  return value;
}
