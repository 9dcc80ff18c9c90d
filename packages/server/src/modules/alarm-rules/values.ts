import type { EntityKeyValueType, KvValue } from '@meridian/common';
import { valueAsString } from '../../telemetry/values.js';

/**
 * How the alarm rules read a stored value as text, number or boolean (reference AlarmRuleState
 * getStrValue / getDblValue / getBoolValue), and how they read a CONSTANT operand.
 */

/** Text as Java prints the value: `25`, `25.0`, `true`, the string, the JSON text. */
export const textOf = (value: KvValue): string => valueAsString(value);

/**
 * Java's Double.parseDouble: surrounding whitespace ignored, an optional exponent and type suffix,
 * NaN and Infinity; null when the text is not a number.
 */
export function parseJavaDouble(text: string): number | null {
  const trimmed = text.trim();
  if (/^[+-]?(NaN|Infinity)$/.test(trimmed)) return Number(trimmed.replace('+', ''));
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[fFdD]?$/.test(trimmed)) return null;
  return Number(trimmed.replace(/[fFdD]$/, ''));
}

/** The number a value holds: booleans are 1 or 0, text is parsed; null when there is none. */
export function numberOf(value: KvValue): number | null {
  switch (value.type) {
    case 'LONG':
      return Number(value.value);
    case 'DOUBLE':
      return value.value;
    case 'BOOLEAN':
      return value.value ? 1 : 0;
    case 'STRING':
    case 'JSON':
      return parseJavaDouble(value.value);
  }
}

/** The boolean a value holds: numbers are true above 0, text is true only for "true" (any case). */
export function booleanOf(value: KvValue): boolean {
  switch (value.type) {
    case 'LONG':
      return value.value > 0n;
    case 'DOUBLE':
      return value.value > 0;
    case 'BOOLEAN':
      return value.value;
    case 'STRING':
    case 'JSON':
      return value.value.toLowerCase() === 'true';
  }
}

/** A whole count from a value (DURATION and REPEATING thresholds); null when it is not a number. */
export function countOf(value: KvValue): number | null {
  const number = numberOf(value);
  return number === null || !Number.isFinite(number) ? null : Math.trunc(number);
}

/**
 * The operand of a CONSTANT key, read by the filter's value type (reference getConstantValue):
 * text for STRING, a whole number for DATE_TIME, a number for NUMERIC, a boolean for BOOLEAN
 * (anything but "true" is false). Null when it cannot be read, which fails the condition.
 */
export function constantValue(valueType: EntityKeyValueType, value: unknown): KvValue | null {
  if (value === undefined || value === null) return null;
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  switch (valueType) {
    case 'STRING':
      return { type: 'STRING', value: text };
    case 'DATE_TIME':
      return /^[+-]?\d+$/.test(text) ? { type: 'LONG', value: BigInt(text) } : null;
    case 'NUMERIC': {
      const number = parseJavaDouble(text);
      return number === null ? null : { type: 'DOUBLE', value: number };
    }
    case 'BOOLEAN':
      return { type: 'BOOLEAN', value: text.toLowerCase() === 'true' };
  }
}
