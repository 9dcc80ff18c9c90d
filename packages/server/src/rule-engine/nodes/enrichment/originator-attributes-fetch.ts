import type { AttributeScope, ConfigSchema, EntityId, JsonObject } from '@meridian/common';
import type { TelemetryService } from '../../../telemetry/service.js';
import { valueAsJson, valueAsString } from '../../../telemetry/values.js';
import { configBoolean, configStringList } from '../../config.js';
import { flag, stringList } from '../../config-schema.js';
import type { RuleMsg } from '../../message.js';
import { processPatterns } from '../../services/msg-pattern.js';

/**
 * Copying attributes and latest telemetry of one entity into the message metadata, shared by the
 * originator attributes and related device attributes nodes (the reference's
 * TbAbstractGetAttributesNode). Attributes are prefixed by scope (`cs_`, `shared_`, `ss_`); latest
 * values go in under their own key, optionally as `{"ts":…,"value":…}`.
 */
export interface AttributesFetchConfig {
  clientAttributeNames: string[];
  sharedAttributeNames: string[];
  serverAttributeNames: string[];
  latestTsKeyNames: string[];
  tellFailureIfAbsent: boolean;
  getLatestValueWithTs: boolean;
}

export const DEFAULT_ATTRIBUTES_FETCH = {
  clientAttributeNames: [],
  sharedAttributeNames: [],
  serverAttributeNames: [],
  latestTsKeyNames: [],
  tellFailureIfAbsent: false,
  getLatestValueWithTs: false,
} satisfies JsonObject;

export function configAttributesFetch(raw: JsonObject): AttributesFetchConfig {
  return {
    clientAttributeNames: configStringList(raw, 'clientAttributeNames', []),
    sharedAttributeNames: configStringList(raw, 'sharedAttributeNames', []),
    serverAttributeNames: configStringList(raw, 'serverAttributeNames', []),
    latestTsKeyNames: configStringList(raw, 'latestTsKeyNames', []),
    tellFailureIfAbsent: configBoolean(raw, 'tellFailureIfAbsent', false),
    getLatestValueWithTs: configBoolean(raw, 'getLatestValueWithTs', false),
  };
}

const SCOPES: { scope: AttributeScope; prefix: string; names: keyof AttributesFetchConfig }[] = [
  { scope: 'CLIENT_SCOPE', prefix: 'cs_', names: 'clientAttributeNames' },
  { scope: 'SHARED_SCOPE', prefix: 'shared_', names: 'sharedAttributeNames' },
  { scope: 'SERVER_SCOPE', prefix: 'ss_', names: 'serverAttributeNames' },
];

/**
 * The metadata of `msg` with the entity's values added. Key names may hold `${…}`/`$[…]`
 * patterns. With `tellFailureIfAbsent`, a key without a value throws naming every missing key.
 */
export async function metadataWithAttributes(
  telemetry: TelemetryService,
  entityId: EntityId,
  config: AttributesFetchConfig,
  msg: RuleMsg,
): Promise<Record<string, string>> {
  const metadata: Record<string, string> = { ...msg.metadata };
  const missing: string[] = [];
  for (const { scope, prefix, names } of SCOPES) {
    const keys = [...new Set(processPatterns(config[names] as string[], msg))];
    if (keys.length === 0) continue;
    const found = await telemetry.attributes(entityId, scope, keys);
    for (const entry of found) metadata[prefix + entry.key] = valueAsString(entry.value);
    const absent = keys.filter((key) => !found.some((entry) => entry.key === key));
    if (absent.length > 0) missing.push(`\t[${scope}]:[${absent.join(', ')}]\n`);
  }
  const tsKeys = [...new Set(processPatterns(config.latestTsKeyNames, msg))];
  if (tsKeys.length > 0) {
    const latest = await telemetry.latest(entityId, tsKeys);
    for (const entry of latest) {
      metadata[entry.key] = config.getLatestValueWithTs
        ? `{"ts":${entry.ts},"value":${valueAsJson(entry.value)}}`
        : valueAsString(entry.value);
    }
    const absent = tsKeys.filter((key) => !latest.some((entry) => entry.key === key));
    if (absent.length > 0) missing.push(`\t[LATEST_TS]:[${absent.join(', ')}]\n`);
  }
  if (config.tellFailureIfAbsent && missing.length > 0) {
    throw new Error(`The following attribute/telemetry keys is not present in the DB: \n${missing.join('')}`);
  }
  return metadata;
}

/** The attribute lists the originator and related device attributes nodes share. */
export const ATTRIBUTES_FETCH_PROPERTIES: Record<string, ConfigSchema> = {
  tellFailureIfAbsent: flag('Tell Failure'),
  getLatestValueWithTs: flag('Fetch Latest telemetry with Timestamp'),
  clientAttributeNames: stringList('Client attributes'),
  sharedAttributeNames: stringList('Shared attributes'),
  serverAttributeNames: stringList('Server attributes'),
  latestTsKeyNames: stringList('Latest timeseries'),
};
