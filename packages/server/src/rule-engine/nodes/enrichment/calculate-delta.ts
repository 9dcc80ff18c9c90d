import type { EntityId, TsKvEntry } from '@meridian/common';
import {
  JsonNumber,
  JsonObjectNode,
  type LosslessJson,
  stringifyLossless,
} from '../../../telemetry/json-lossless.js';
import { javaDoubleString } from '../../../telemetry/values.js';
import { configBoolean, configInteger, configString } from '../../config.js';
import { flag, nodeConfigSchema, text } from '../../config-schema.js';
import { changeMsg, msgJson, type RuleMsg } from '../../message.js';
import { defineNode, RuleNodeConfigError } from '../../node.js';
import { TenantEntities } from '../../services/tenant-entities.js';

interface CalculateDeltaConfig {
  inputValueKey: string;
  outputValueKey: string;
  useCache: boolean;
  addPeriodBetweenMsgs: boolean;
  periodValueKey: string;
  /** Decimal places of the delta; undefined keeps it as computed. */
  round: number | undefined;
  tellFailureIfDeltaIsNegative: boolean;
}

interface ValueWithTs {
  ts: number;
  value: number;
}

/** A JSON value as a double, the way Jackson's `asDouble` reads it (unreadable text is 0). */
function asDouble(node: LosslessJson): number {
  if (node instanceof JsonNumber) return Number(node.text);
  if (typeof node === 'boolean') return node ? 1 : 0;
  if (typeof node === 'string') {
    const value = Number(node.trim());
    return node.trim() !== '' && Number.isFinite(value) ? value : 0;
  }
  return 0;
}

/** The previous value of a stored point; booleans, JSON and non-numeric text cannot make a delta. */
function storedValue(entry: TsKvEntry): ValueWithTs {
  const { value } = entry;
  switch (value.type) {
    case 'LONG':
      return { ts: entry.ts, value: Number(value.value) };
    case 'DOUBLE':
      return { ts: entry.ts, value: value.value };
    case 'STRING': {
      const parsed = Number(value.value.trim());
      if (value.value.trim() === '' || !Number.isFinite(parsed)) {
        throw new Error(
          `Calculation failed. Unable to parse value [${value.value}] of telemetry [${entry.key}] to Double`,
        );
      }
      return { ts: entry.ts, value: parsed };
    }
    case 'BOOLEAN':
      throw new Error('Calculation failed. Boolean values are not supported!');
    case 'JSON':
      throw new Error('Calculation failed. JSON values are not supported!');
  }
}

/** Rounds half away from zero on the decimal digits of the value (Java's BigDecimal HALF_UP). */
export function roundHalfUp(value: number, scale: number): number {
  const magnitude = Math.abs(value);
  const text = String(magnitude).includes('e') ? magnitude.toFixed(20) : String(magnitude);
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length <= scale || text.includes('e')) return value;
  let digits = BigInt(whole + fraction.slice(0, scale));
  if ((fraction[scale] ?? '0') >= '5') digits += 1n;
  const padded = digits.toString().padStart(scale + 1, '0');
  const rounded = Number(scale === 0 ? padded : `${padded.slice(0, -scale)}.${padded.slice(-scale)}`);
  return value < 0 ? -rounded : rounded;
}

/** The delta as the reference writes it: a long when it is whole, else a double. */
function deltaNumber(delta: number): JsonNumber {
  return new JsonNumber(Number.isInteger(delta) ? BigInt(delta).toString() : javaDoubleString(delta));
}

/** The message timestamp: metadata `ts` when it is a number, else the message's own. */
function msgTs(msg: RuleMsg): number {
  const ts = msg.metadata.ts;
  return ts !== undefined && /^-?\d+$/.test(ts) ? Number(ts) : msg.ts;
}

export const calculateDeltaNode = defineNode<CalculateDeltaConfig>({
  clazz: 'org.thingsboard.rule.engine.metadata.CalculateDeltaNode',
  type: 'ENRICHMENT',
  name: 'calculate delta',
  description: "Calculates and adds 'delta' value into message based on the incoming and previous value",
  details:
    'For telemetry messages that carry the input key, adds the difference between its value and the ' +
    'previous reading of the originator (optionally rounded) under the output key, and optionally the ' +
    'time since that reading. Goes to <code>Success</code>; to <code>Other</code> for other messages and ' +
    'messages without the key; to <code>Failure</code> for a negative delta when so configured.',
  relationTypes: ['Success', 'Other'],
  configDirective: 'tbEnrichmentNodeCalculateDeltaConfig',
  defaultConfiguration: {
    inputValueKey: 'pulseCounter',
    outputValueKey: 'delta',
    useCache: true,
    addPeriodBetweenMsgs: false,
    periodValueKey: 'periodInMs',
    round: null,
    tellFailureIfDeltaIsNegative: true,
  },
  configurationSchema: nodeConfigSchema(
    {
      inputValueKey: text('Input value key'),
      outputValueKey: text('Output value key'),
      round: { type: ['integer', 'null'], title: 'Decimals', minimum: 0, maximum: 15 },
      useCache: flag('Use cache for latest value'),
      tellFailureIfDeltaIsNegative: flag('Tell Failure if delta is negative'),
      addPeriodBetweenMsgs: flag('Add period between messages'),
      periodValueKey: text('Period value key'),
    },
    ['inputValueKey', 'outputValueKey'],
  ),
  configure(raw) {
    const hasRound = raw.round !== undefined && raw.round !== null && raw.round !== '';
    const round = hasRound ? configInteger(raw, 'round', 0) : undefined;
    if (round !== undefined && (round < 0 || round > 15)) {
      throw new RuleNodeConfigError("'round' must be between 0 and 15");
    }
    const config = {
      inputValueKey: configString(raw, 'inputValueKey', 'pulseCounter'),
      outputValueKey: configString(raw, 'outputValueKey', 'delta'),
      useCache: configBoolean(raw, 'useCache', true),
      addPeriodBetweenMsgs: configBoolean(raw, 'addPeriodBetweenMsgs', false),
      periodValueKey: configString(raw, 'periodValueKey', 'periodInMs'),
      round,
      tellFailureIfDeltaIsNegative: configBoolean(raw, 'tellFailureIfDeltaIsNegative', true),
    };
    for (const key of ['inputValueKey', 'outputValueKey'] as const) {
      if (config[key].trim() === '') throw new RuleNodeConfigError(`'${key}' must not be empty`);
    }
    if (config.addPeriodBetweenMsgs && config.periodValueKey.trim() === '') {
      throw new RuleNodeConfigError("'periodValueKey' must not be empty");
    }
    return config;
  },
  create(config, ctx) {
    // The last value seen per originator, so a burst does not wait for each point to be stored.
    const cache = new Map<string, ValueWithTs>();
    const entities = TenantEntities.of(ctx);
    const previousOf = async (originator: EntityId): Promise<ValueWithTs | undefined> => {
      const cached = config.useCache ? cache.get(originator.id) : undefined;
      if (cached) return cached;
      await entities.requireOwned(originator);
      const [latest] = await ctx.services.telemetry.latest(originator, [config.inputValueKey]);
      return latest ? storedValue(latest) : undefined;
    };
    return {
      async onMsg(msg) {
        if (msg.type !== 'POST_TELEMETRY_REQUEST') return { msg, relations: ['Other'] };
        const data = msgJson(msg);
        const input = data instanceof JsonObjectNode ? data.members.get(config.inputValueKey) : undefined;
        if (input === undefined || !(data instanceof JsonObjectNode)) return { msg, relations: ['Other'] };
        const previous = await previousOf(msg.originator);
        const current = { ts: msgTs(msg), value: asDouble(input) };
        if (config.useCache) cache.set(msg.originator.id, current);
        let delta = previous ? current.value - previous.value : 0;
        if (config.tellFailureIfDeltaIsNegative && delta < 0) {
          throw new Error(`Delta value is negative: ${delta}`);
        }
        if (config.round !== undefined) delta = roundHalfUp(delta, config.round);
        const members = new Map(data.members);
        members.set(config.outputValueKey, deltaNumber(delta));
        if (config.addPeriodBetweenMsgs) {
          members.set(config.periodValueKey, new JsonNumber(String(previous ? current.ts - previous.ts : 0)));
        }
        const result = changeMsg(msg, { data: stringifyLossless(new JsonObjectNode(members)) });
        return { msg: result, relations: ['Success'] };
      },
      destroy: () => cache.clear(),
    };
  },
});
