import {
  ALARM_SEVERITIES,
  type AlarmSchedule,
  type AlarmSeverity,
  type DeviceProfileAlarm,
  type DynamicValue,
  type EntityKeyValueType,
  type FilterPredicateValue,
  isJsonObject,
  TIME_UNIT_MS,
  type TimeUnit,
} from '@meridian/common';
import { type ParsedPredicate, parsePredicate } from '../entity-query/parse.js';
import { type ConditionKey, conditionKeyId } from './keys.js';

/**
 * Device-profile alarm definitions (reference §1.5 DeviceProfileAlarm) read once per profile into
 * the form the evaluator runs: predicates parsed by the entity query's parser, create rules in
 * severity order, and the keys each rule reads (reference ProfileState).
 */

export interface CompiledFilter {
  key: ConditionKey;
  valueType: EntityKeyValueType;
  /** The operand of CONSTANT keys, as written. */
  value: unknown;
  predicate: ParsedPredicate;
}

/** How long or how often a condition must hold; the count may come from an attribute. */
export type CompiledSpec =
  | { type: 'SIMPLE' }
  | { type: 'DURATION'; unitMs: number; value: FilterPredicateValue<number | null> }
  | { type: 'REPEATING'; value: FilterPredicateValue<number | null> };

export interface CompiledRule {
  /** Null for the clear rule. */
  severity: AlarmSeverity | null;
  filters: CompiledFilter[];
  spec: CompiledSpec;
  schedule: AlarmSchedule | null;
  alarmDetails: string | null;
  dashboardId: string | null;
  /** Ids of the keys whose change makes the rule worth evaluating: its filters' and their dynamic attributes. */
  keys: ReadonlySet<string>;
  /** True when a filter reads a time series: attribute changes alone then do not evaluate the rule. */
  readsTimeSeries: boolean;
}

export interface CompiledAlarm {
  id: string;
  alarmType: string;
  /** Highest severity first. */
  createRules: CompiledRule[];
  clearRule: CompiledRule | null;
  propagate: boolean;
  propagateToOwner: boolean;
  propagateToTenant: boolean;
  propagateRelationTypes: string[] | null;
}

export interface CompiledProfile {
  alarms: CompiledAlarm[];
  /** Every key the rules read from the device: what its data snapshot holds. */
  keys: ConditionKey[];
  /** Server attributes of the customer and tenant that dynamic values may read. */
  ownerAttributes: string[];
  /** Alarm definitions that could not be read, with the reason (they are skipped). */
  problems: string[];
}

const KEY_TYPES = ['ATTRIBUTE', 'TIME_SERIES', 'ENTITY_FIELD', 'CONSTANT'] as const;
const VALUE_TYPES = ['STRING', 'NUMERIC', 'BOOLEAN', 'DATE_TIME'] as const;

class ProfileKeys {
  readonly device = new Map<string, ConditionKey>();
  readonly owner = new Set<string>();

  add(key: ConditionKey): string {
    const id = conditionKeyId(key);
    if (key.type !== 'CONSTANT') this.device.set(id, key);
    return id;
  }

  /** A dynamic value's attribute: on the device's snapshot, and on its customer and tenant. */
  addDynamic(dynamic: DynamicValue | null | undefined): string | undefined {
    if (!dynamic?.sourceAttribute || !dynamic.sourceType || dynamic.sourceType === 'CURRENT_USER') return;
    this.owner.add(dynamic.sourceAttribute);
    return this.add({ type: 'ATTRIBUTE', key: dynamic.sourceAttribute });
  }
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], path: string): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new Error(`'${path}' must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

function dynamicsOf(predicate: ParsedPredicate, into: DynamicValue[]): void {
  if (predicate.type === 'COMPLEX') {
    for (const child of predicate.predicates) dynamicsOf(child, into);
  } else if (predicate.value.dynamicValue) {
    into.push(predicate.value.dynamicValue);
  }
}

/** A DURATION or REPEATING count: a whole number, or a dynamic attribute with a default. */
function countValue(value: unknown, path: string): FilterPredicateValue<number | null> {
  if (!isJsonObject(value)) throw new Error(`'${path}' must be an object`);
  const number = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const dynamic = isJsonObject(value.dynamicValue) ? (value.dynamicValue as unknown as DynamicValue) : null;
  const result = { defaultValue: number(value.defaultValue), userValue: null, dynamicValue: dynamic };
  if (result.defaultValue === null && !dynamic?.sourceAttribute) throw new Error(`'${path}' has no value`);
  return result;
}

function compileSpec(value: unknown, path: string, keys: ProfileKeys): CompiledSpec {
  if (value === undefined || value === null) return { type: 'SIMPLE' };
  if (!isJsonObject(value)) throw new Error(`'${path}' must be an object`);
  const type = oneOf(value.type, ['SIMPLE', 'DURATION', 'REPEATING'] as const, `${path}.type`);
  if (type === 'SIMPLE') return { type };
  const count = countValue(value.predicate, `${path}.predicate`);
  keys.addDynamic(count.dynamicValue);
  if (type === 'REPEATING') return { type, value: count };
  const unit = oneOf(value.unit, Object.keys(TIME_UNIT_MS) as TimeUnit[], `${path}.unit`);
  return { type, unitMs: TIME_UNIT_MS[unit], value: count };
}

function compileRule(
  severity: AlarmSeverity | null,
  rule: unknown,
  path: string,
  keys: ProfileKeys,
): CompiledRule {
  if (!isJsonObject(rule) || !isJsonObject(rule.condition)) throw new Error(`'${path}.condition' is missing`);
  const conditions = rule.condition.condition;
  if (!Array.isArray(conditions)) throw new Error(`'${path}.condition.condition' must be an array`);
  const ruleKeys = new Set<string>();
  let readsTimeSeries = false;
  const filters = conditions.map((entry, i): CompiledFilter => {
    const where = `${path}.condition.condition[${i}]`;
    if (!isJsonObject(entry) || !isJsonObject(entry.key)) throw new Error(`'${where}.key' is missing`);
    const key: ConditionKey = {
      type: oneOf(entry.key.type, KEY_TYPES, `${where}.key.type`),
      key: typeof entry.key.key === 'string' ? entry.key.key : '',
    };
    const predicate = parsePredicate(entry.predicate, `${where}.predicate`);
    if (key.type !== 'CONSTANT') ruleKeys.add(keys.add(key));
    if (key.type === 'TIME_SERIES') readsTimeSeries = true;
    const dynamics: DynamicValue[] = [];
    dynamicsOf(predicate, dynamics);
    for (const dynamic of dynamics) {
      const id = keys.addDynamic(dynamic);
      if (id) ruleKeys.add(id);
    }
    return {
      key,
      valueType: oneOf(entry.valueType, VALUE_TYPES, `${where}.valueType`),
      value: entry.value,
      predicate,
    };
  });
  const schedule = isJsonObject(rule.schedule) ? (rule.schedule as unknown as AlarmSchedule) : null;
  const dashboard = isJsonObject(rule.dashboardId) ? rule.dashboardId.id : null;
  return {
    severity,
    filters,
    spec: compileSpec(rule.condition.spec, `${path}.condition.spec`, keys),
    schedule,
    alarmDetails: typeof rule.alarmDetails === 'string' ? rule.alarmDetails : null,
    dashboardId: typeof dashboard === 'string' ? dashboard : null,
    keys: ruleKeys,
    readsTimeSeries,
  };
}

function compileAlarm(alarm: DeviceProfileAlarm, path: string, keys: ProfileKeys): CompiledAlarm {
  if (!alarm.id || !alarm.alarmType) throw new Error(`'${path}' needs an id and an alarm type`);
  const createRules = ALARM_SEVERITIES.flatMap((severity) => {
    const rule = alarm.createRules?.[severity];
    return rule ? [compileRule(severity, rule, `${path}.createRules.${severity}`, keys)] : [];
  });
  return {
    id: alarm.id,
    alarmType: alarm.alarmType,
    createRules,
    clearRule: alarm.clearRule ? compileRule(null, alarm.clearRule, `${path}.clearRule`, keys) : null,
    propagate: alarm.propagate === true,
    propagateToOwner: alarm.propagateToOwner === true,
    propagateToTenant: alarm.propagateToTenant === true,
    propagateRelationTypes: Array.isArray(alarm.propagateRelationTypes) ? alarm.propagateRelationTypes : null,
  };
}

/**
 * Reads a profile's alarm definitions. A definition that cannot be read is left out and reported in
 * `problems`; the others still run.
 */
export function compileProfileAlarms(
  alarms: readonly DeviceProfileAlarm[] | null | undefined,
): CompiledProfile {
  const keys = new ProfileKeys();
  const compiled: CompiledAlarm[] = [];
  const problems: string[] = [];
  (alarms ?? []).forEach((alarm, index) => {
    const path = `alarms[${index}]`;
    try {
      compiled.push(compileAlarm(alarm, path, keys));
    } catch (error) {
      problems.push(`${path} (${alarm?.alarmType ?? 'no type'}): ${(error as Error).message}`);
    }
  });
  return { alarms: compiled, keys: [...keys.device.values()], ownerAttributes: [...keys.owner], problems };
}
