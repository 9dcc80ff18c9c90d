import type { ConfigSchema, EntityId, JsonObject } from '@meridian/common';
import type { TelemetryService } from '../../../telemetry/service.js';
import { valueAsString } from '../../../telemetry/values.js';
import { configBoolean, configStringMap } from '../../config.js';
import { flag, nodeConfigSchema, stringMap } from '../../config-schema.js';
import type { RuleMsg } from '../../message.js';
import { RuleNodeConfigError } from '../../node.js';
import { processPattern } from '../../services/msg-pattern.js';

/**
 * Copying server attributes or latest telemetry of another entity (customer, tenant, related
 * entity) into the metadata under mapped names, shared by those nodes (the reference's
 * TbEntityGetAttrNode). `attrMapping` maps a source key to a metadata key; both may hold
 * `${…}`/`$[…]` patterns. Keys without a value are skipped.
 */
export interface MappedAttributesConfig {
  attrMapping: Record<string, string>;
  /** Latest telemetry instead of server attributes. */
  telemetry: boolean;
}

export function configMappedAttributes(raw: JsonObject): MappedAttributesConfig {
  const attrMapping = configStringMap(raw, 'attrMapping');
  if (Object.keys(attrMapping).length === 0) throw new RuleNodeConfigError("'attrMapping' must not be empty");
  return { attrMapping, telemetry: configBoolean(raw, 'telemetry', false) };
}

export async function metadataWithMappedAttributes(
  telemetry: TelemetryService,
  entityId: EntityId,
  config: MappedAttributesConfig,
  msg: RuleMsg,
): Promise<Record<string, string>> {
  const mapping = new Map<string, string>();
  for (const [source, target] of Object.entries(config.attrMapping)) {
    mapping.set(processPattern(source, msg), processPattern(target, msg));
  }
  const keys = [...mapping.keys()];
  const entries = config.telemetry
    ? await telemetry.latest(entityId, keys)
    : await telemetry.attributes(entityId, 'SERVER_SCOPE', keys);
  const metadata: Record<string, string> = { ...msg.metadata };
  for (const entry of entries) {
    const target = mapping.get(entry.key);
    if (target !== undefined) metadata[target] = valueAsString(entry.value);
  }
  return metadata;
}

/** The attribute mapping the tenant, customer and related attributes nodes share. */
export const MAPPED_ATTRIBUTES_PROPERTIES: Record<string, ConfigSchema> = {
  attrMapping: stringMap('Attributes mapping', { description: 'Source attribute → target metadata key' }),
  telemetry: flag('Latest telemetry'),
};

export const MAPPED_ATTRIBUTES_SCHEMA = nodeConfigSchema(MAPPED_ATTRIBUTES_PROPERTIES);
