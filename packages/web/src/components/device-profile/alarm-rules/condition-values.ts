import {
  type AlarmCondition,
  type AlarmConditionFilter,
  type AlarmConditionKeyType,
  type AlarmConditionSpec,
  type AlarmConditionType,
  BOOLEAN_OPERATIONS,
  type ComplexOperation,
  consoleEntityFields,
  type DynamicValueSourceType,
  type EntityKeyValueType,
  type FilterPredicateValue,
  INHERITABLE_DYNAMIC_VALUE_SOURCE_TYPES,
  type KeyFilterPredicate,
  type KeyFilterPredicateUserInfo,
  NUMERIC_OPERATIONS,
  STRING_OPERATIONS,
  type TimeUnit,
} from '@meridian/common';
import { fromDateTimeInput, toDateTimeInput } from '../../../i18n/date-time';

/**
 * Values of the alarm condition dialog (reference console §3.7 "Alarm rules"): the key filters of a
 * condition, each with one predicate (simple or a nested AND/OR group), and the condition type.
 * Operands are kept as typed text and parsed per value type on save (wire shapes: reference §1.5
 * AlarmConditionFilter and §3.4 KeyFilterPredicate).
 */

/** Dynamic value sources an alarm rule may read its operands from (no current user on a device). */
export const ALARM_DYNAMIC_SOURCE_TYPES = [
  'CURRENT_TENANT',
  'CURRENT_CUSTOMER',
  'CURRENT_DEVICE',
] as const satisfies readonly DynamicValueSourceType[];
export type AlarmDynamicSourceType = (typeof ALARM_DYNAMIC_SOURCE_TYPES)[number];

/** Units of a duration condition. */
export const ALARM_DURATION_UNITS = [
  'SECONDS',
  'MINUTES',
  'HOURS',
  'DAYS',
] as const satisfies readonly TimeUnit[];
export type AlarmDurationUnit = (typeof ALARM_DURATION_UNITS)[number];

/** Entity fields a condition can test: those of a device. */
export const ALARM_ENTITY_FIELDS = consoleEntityFields('DEVICE');

/** A predicate operand: a static value (as typed) and, optionally, an attribute to read it from. */
export interface OperandValues {
  value: string;
  /** '' for a static value. Alarm rules offer {@link ALARM_DYNAMIC_SOURCE_TYPES}; dashboard filters all. */
  sourceType: DynamicValueSourceType | '';
  sourceAttribute: string;
  inherit: boolean;
}

export interface SimplePredicateValues {
  kind: 'SIMPLE';
  operation: string;
  ignoreCase: boolean;
  operand: OperandValues;
  /** How dashboard viewers see the predicate (dashboard filters only; alarm rules have none). */
  userInfo?: KeyFilterPredicateUserInfo;
}

export interface ComplexPredicateValues {
  kind: 'COMPLEX';
  operation: ComplexOperation;
  predicates: PredicateValues[];
  /** The user info saved with a group of a dashboard filter, kept as it was. */
  userInfo?: KeyFilterPredicateUserInfo;
}

export type PredicateValues = SimplePredicateValues | ComplexPredicateValues;

export interface FilterValues {
  keyType: AlarmConditionKeyType;
  key: string;
  valueType: EntityKeyValueType;
  /** The value of a CONSTANT key, as typed. */
  constantValue: string;
  predicate: PredicateValues;
}

export interface SpecValues {
  type: AlarmConditionType;
  unit: AlarmDurationUnit;
  /** Duration (DURATION) or number of events (REPEATING). */
  operand: OperandValues;
}

export interface ConditionValues {
  filters: FilterValues[];
  spec: SpecValues;
}

/** The operations a value type offers (dates compare as numbers). */
export function operationsOf(valueType: EntityKeyValueType): readonly string[] {
  switch (valueType) {
    case 'STRING':
      return STRING_OPERATIONS;
    case 'BOOLEAN':
      return BOOLEAN_OPERATIONS;
    default:
      return NUMERIC_OPERATIONS;
  }
}

export function isInheritable(sourceType: OperandValues['sourceType']): boolean {
  return (INHERITABLE_DYNAMIC_VALUE_SOURCE_TYPES as readonly string[]).includes(sourceType);
}

/** A stored operand value as the form shows it. */
export function valueText(value: unknown, valueType: EntityKeyValueType): string {
  if (value === null || value === undefined) {
    return valueType === 'BOOLEAN' ? 'false' : '';
  }
  if (valueType === 'DATE_TIME' && typeof value === 'number') {
    return toDateTimeInput(value);
  }
  return String(value);
}

/** A typed value as stored for its value type; NaN for numbers and dates that do not parse. */
export function parseValue(text: string, valueType: EntityKeyValueType): string | number | boolean {
  switch (valueType) {
    case 'NUMERIC':
      return text.trim() === '' ? Number.NaN : Number(text);
    case 'DATE_TIME':
      return fromDateTimeInput(text) ?? Number.NaN;
    case 'BOOLEAN':
      return text === 'true';
    default:
      return text;
  }
}

export function newOperandValues(valueType: EntityKeyValueType): OperandValues {
  return {
    value: valueType === 'BOOLEAN' ? 'false' : '',
    sourceType: '',
    sourceAttribute: '',
    inherit: false,
  };
}

export function newSimplePredicate(valueType: EntityKeyValueType): SimplePredicateValues {
  return {
    kind: 'SIMPLE',
    operation: operationsOf(valueType)[0] ?? 'EQUAL',
    ignoreCase: false,
    operand: newOperandValues(valueType),
  };
}

export function newComplexPredicate(valueType: EntityKeyValueType): ComplexPredicateValues {
  return { kind: 'COMPLEX', operation: 'AND', predicates: [newSimplePredicate(valueType)] };
}

export function newFilterValues(): FilterValues {
  return {
    keyType: 'TIME_SERIES',
    key: '',
    valueType: 'NUMERIC',
    constantValue: '',
    predicate: newSimplePredicate('NUMERIC'),
  };
}

/** A predicate reshaped for another value type: its structure stays, operations and values reset. */
export function predicateForValueType(
  predicate: PredicateValues,
  valueType: EntityKeyValueType,
): PredicateValues {
  if (predicate.kind === 'COMPLEX') {
    return {
      ...predicate,
      predicates: predicate.predicates.map((child) => predicateForValueType(child, valueType)),
    };
  }
  return newSimplePredicate(valueType);
}

function operandValuesOf(
  operand: FilterPredicateValue<unknown> | null | undefined,
  valueType: EntityKeyValueType,
  sources: readonly DynamicValueSourceType[] = ALARM_DYNAMIC_SOURCE_TYPES,
): OperandValues {
  const dynamic = operand?.dynamicValue;
  const sourceType = (sources as readonly string[]).includes(dynamic?.sourceType ?? '')
    ? (dynamic?.sourceType as DynamicValueSourceType)
    : '';
  return {
    value: valueText(operand?.defaultValue, valueType),
    sourceType,
    sourceAttribute: sourceType ? (dynamic?.sourceAttribute ?? '') : '',
    inherit: sourceType ? (dynamic?.inherit ?? false) : false,
  };
}

/** `sources`: the dynamic sources the editor offers (an operand read from another one becomes static). */
export function predicateValuesOf(
  predicate: KeyFilterPredicate | null | undefined,
  valueType: EntityKeyValueType,
  sources: readonly DynamicValueSourceType[] = ALARM_DYNAMIC_SOURCE_TYPES,
): PredicateValues {
  if (!predicate) {
    return newSimplePredicate(valueType);
  }
  if (predicate.type === 'COMPLEX') {
    return {
      kind: 'COMPLEX',
      operation: predicate.operation,
      predicates: (predicate.predicates ?? []).map((child) => predicateValuesOf(child, valueType, sources)),
    };
  }
  const operations = operationsOf(valueType);
  return {
    kind: 'SIMPLE',
    operation: operations.includes(predicate.operation)
      ? predicate.operation
      : (operations[0] ?? predicate.operation),
    ignoreCase: predicate.type === 'STRING' && (predicate.ignoreCase ?? false),
    operand: operandValuesOf(predicate.value, valueType, sources),
  };
}

export function filterValuesOf(filter: AlarmConditionFilter): FilterValues {
  return {
    keyType: filter.key.type,
    key: filter.key.key,
    valueType: filter.valueType,
    constantValue: filter.key.type === 'CONSTANT' ? valueText(filter.value, filter.valueType) : '',
    predicate: predicateValuesOf(filter.predicate, filter.valueType),
  };
}

export function specValuesOf(spec: AlarmConditionSpec | null | undefined): SpecValues {
  if (spec?.type === 'DURATION') {
    const unit = (ALARM_DURATION_UNITS as readonly string[]).includes(spec.unit)
      ? (spec.unit as AlarmDurationUnit)
      : 'SECONDS';
    return { type: 'DURATION', unit, operand: operandValuesOf(spec.predicate, 'NUMERIC') };
  }
  if (spec?.type === 'REPEATING') {
    return { type: 'REPEATING', unit: 'SECONDS', operand: operandValuesOf(spec.predicate, 'NUMERIC') };
  }
  return { type: 'SIMPLE', unit: 'SECONDS', operand: newOperandValues('NUMERIC') };
}

export function conditionValuesOf(condition: AlarmCondition | null | undefined): ConditionValues {
  return {
    filters: (condition?.condition ?? []).map(filterValuesOf),
    spec: specValuesOf(condition?.spec),
  };
}

function operandOf<T>(operand: OperandValues, value: T): FilterPredicateValue<T> {
  return {
    defaultValue: value,
    dynamicValue: operand.sourceType
      ? {
          sourceType: operand.sourceType,
          sourceAttribute: operand.sourceAttribute.trim(),
          inherit: isInheritable(operand.sourceType) && operand.inherit,
        }
      : null,
  };
}

export function predicateOf(predicate: PredicateValues, valueType: EntityKeyValueType): KeyFilterPredicate {
  if (predicate.kind === 'COMPLEX') {
    return {
      type: 'COMPLEX',
      operation: predicate.operation,
      predicates: predicate.predicates.map((child) => predicateOf(child, valueType)),
    };
  }
  const value = parseValue(predicate.operand.value, valueType);
  switch (valueType) {
    case 'STRING':
      return {
        type: 'STRING',
        operation: predicate.operation as (typeof STRING_OPERATIONS)[number],
        value: operandOf(predicate.operand, String(value)),
        ignoreCase: predicate.ignoreCase,
      };
    case 'BOOLEAN':
      return {
        type: 'BOOLEAN',
        operation: predicate.operation as (typeof BOOLEAN_OPERATIONS)[number],
        value: operandOf(predicate.operand, value === true),
      };
    default:
      return {
        type: 'NUMERIC',
        operation: predicate.operation as (typeof NUMERIC_OPERATIONS)[number],
        value: operandOf(predicate.operand, Number(value)),
      };
  }
}

export function filterOf(filter: FilterValues): AlarmConditionFilter {
  return {
    key: { type: filter.keyType, key: filter.key.trim() },
    valueType: filter.valueType,
    ...(filter.keyType === 'CONSTANT' ? { value: parseValue(filter.constantValue, filter.valueType) } : {}),
    predicate: predicateOf(filter.predicate, filter.valueType),
  };
}

export function specOf(spec: SpecValues): AlarmConditionSpec {
  const count = Number(spec.operand.value);
  if (spec.type === 'DURATION') {
    return { type: 'DURATION', unit: spec.unit, predicate: operandOf(spec.operand, count) };
  }
  if (spec.type === 'REPEATING') {
    return { type: 'REPEATING', predicate: operandOf(spec.operand, count) };
  }
  return { type: 'SIMPLE' };
}

export function conditionOf(values: ConditionValues): AlarmCondition {
  return { condition: values.filters.map(filterOf), spec: specOf(values.spec) };
}

/** Error (an i18n key) of a typed value for a value type, or null. */
export function valueError(text: string, valueType: EntityKeyValueType): string | null {
  if (valueType === 'NUMERIC') {
    return text.trim() === '' || !Number.isFinite(Number(text))
      ? 'device-profile.alarm-rules.number-required'
      : null;
  }
  if (valueType === 'DATE_TIME') {
    return fromDateTimeInput(text) === null ? 'device-profile.alarm-rules.date-time-required' : null;
  }
  return null;
}

export function sourceAttributeError(operand: OperandValues): string | null {
  return operand.sourceType && operand.sourceAttribute.trim() === ''
    ? 'device-profile.alarm-rules.source-attribute-required'
    : null;
}

/** First error (an i18n key) of a predicate and everything nested in it, or null. */
export function predicateError(predicate: PredicateValues, valueType: EntityKeyValueType): string | null {
  if (predicate.kind === 'COMPLEX') {
    if (predicate.predicates.length === 0) {
      return 'device-profile.alarm-rules.complex-empty';
    }
    for (const child of predicate.predicates) {
      const error = predicateError(child, valueType);
      if (error) {
        return error;
      }
    }
    return null;
  }
  return valueError(predicate.operand.value, valueType) ?? sourceAttributeError(predicate.operand);
}

/** Error (an i18n key) of a typed duration or event count: a whole number of 1 or more. */
export function countError(text: string): string | null {
  const value = Number(text);
  return text.trim() === '' || !Number.isInteger(value) || value < 1
    ? 'device-profile.alarm-rules.count-invalid'
    : null;
}

/** First error (an i18n key) of the condition type's operand, or null. */
export function specError(spec: SpecValues): string | null {
  if (spec.type === 'SIMPLE') {
    return null;
  }
  return countError(spec.operand.value) ?? sourceAttributeError(spec.operand);
}
