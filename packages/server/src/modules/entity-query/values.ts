import { JsonSyntaxError, parseLossless, stringifyLossless } from '../../telemetry/json-lossless.js';
import { javaDoubleString } from '../../telemetry/values.js';

/**
 * Text forms of the values an entity query answers (reference §3.3: "numeric strings are
 * normalised (Long.toString or Double.toString)"; missing values are "").
 */

/** Plain decimal numbers without exponent, as commons-lang `NumberUtils.isParsable` accepts them. */
const PARSABLE = /^-?(\d+(\.\d+)?|\.\d+)$/;

/**
 * An attribute or time-series value as the query answers it: integers in canonical form, other
 * numbers as Java prints a double, everything else unchanged. Numbers written with a leading zero
 * ("007") are kept as they are, like the reference does.
 */
export function latestValueText(value: string | null): string {
  if (value === null) return '';
  if (!PARSABLE.test(value)) return value;
  if (value.startsWith('0') && !value.startsWith('0.')) return value;
  if (/^-?\d+$/.test(value)) return BigInt(value).toString();
  const double = Number(value);
  return Number.isFinite(double) ? javaDoubleString(double) : value;
}

/** An entity field as the query answers it: its text, or "" when empty. */
export function entityFieldText(field: string, value: string | null): string {
  if (value === null) return '';
  // additional_info is jsonb, whose text has spaces; answer the compact JSON the entity was saved with.
  if (field === 'additionalInfo') {
    try {
      return stringifyLossless(parseLossless(value));
    } catch (error) {
      if (error instanceof JsonSyntaxError) return value;
      throw error;
    }
  }
  return value;
}
