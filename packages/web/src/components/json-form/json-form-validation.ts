import type { JsonValue } from '@meridian/common';
import { fieldOfItem, valueAt } from './json-form-paths';
import type { FieldRules, FormField } from './json-form-types';

/**
 * Checks of a field's value against its schema (spec 3 "JSON form": required, minLength,
 * maxLength, minimum, maximum, minItems, maxItems), as the reference's tv4 validation reports
 * them: an error names an i18n key and its values, or is the field's own validationMessage.
 */
export type FieldError = { key: string; values?: Record<string, number> } | { message: string };

/** tv4's error codes, which a validationMessage object is keyed by in the reference. */
const TV4_CODES: Record<string, string> = {
  required: '302',
  'min-length': '200',
  'max-length': '201',
  minimum: '101',
  maximum: '103',
  'min-items': '400',
  'max-items': '401',
};

const isEmpty = (value: JsonValue | undefined) => value === undefined || value === null || value === '';

/** The schema's rule broken by `value` (the field's shown value: the model's or the default), if any. */
export function fieldError(field: FormField, value: JsonValue | undefined): FieldError | null {
  const broken = brokenRule(field, value);
  return broken ? withOwnMessage(broken, field.rules) : null;
}

function brokenRule(field: FormField, value: JsonValue | undefined): FieldError | null {
  if (isEmpty(value)) return field.required ? { key: 'required' } : null;
  const rules = field.rules ?? {};
  if (typeof value === 'string') {
    if (rules.minLength !== undefined && value.length < rules.minLength) {
      return { key: 'min-length', values: { limit: rules.minLength } };
    }
    if (rules.maxLength !== undefined && value.length > rules.maxLength) {
      return { key: 'max-length', values: { limit: rules.maxLength } };
    }
  }
  if (typeof value === 'number') {
    if (rules.minimum !== undefined && value < rules.minimum) {
      return { key: 'minimum', values: { limit: rules.minimum } };
    }
    if (rules.maximum !== undefined && value > rules.maximum) {
      return { key: 'maximum', values: { limit: rules.maximum } };
    }
  }
  if (Array.isArray(value)) {
    if (rules.minItems !== undefined && value.length < rules.minItems) {
      return { key: 'min-items', values: { limit: rules.minItems } };
    }
    if (rules.maxItems !== undefined && value.length > rules.maxItems) {
      return { key: 'max-items', values: { limit: rules.maxItems } };
    }
  }
  return null;
}

function withOwnMessage(error: FieldError, rules: FieldRules | undefined): FieldError {
  const own = rules?.validationMessage;
  if (typeof own === 'string') return { message: own };
  if ('key' in error && own) {
    const text = own[TV4_CODES[error.key] ?? ''] ?? own[error.key];
    if (typeof text === 'string') return { message: text };
  }
  return error;
}

/**
 * The error a field shows over the model: of its shown value (the model's, else the default; an
 * untouched checkbox is false). A required value inside an object the model does not have is not
 * missing: the schema requires it only of an object that is there, as tv4 checks it.
 */
export function fieldErrorIn(field: FormField, model: JsonValue): FieldError | null {
  if (field.kind === 'fieldset' || field.path.length === 0) return null;
  const value =
    valueAt(model, field.path) ?? field.defaultValue ?? (field.kind === 'checkbox' ? false : undefined);
  if (value === undefined && field.path.length > 1 && valueAt(model, field.path.slice(0, -1)) === undefined) {
    return null;
  }
  return fieldError(field, value);
}

/** Whether every field of the form, and every item of its arrays, keeps the schema's rules. */
export function fieldsAreValid(fields: readonly FormField[], model: JsonValue): boolean {
  return fields.every((field) => fieldIsValid(field, model));
}

function fieldIsValid(field: FormField, model: JsonValue): boolean {
  if (fieldErrorIn(field, model)) return false;
  if (field.items && !fieldsAreValid(field.items, model)) return false;
  const value = field.path.length > 0 ? (valueAt(model, field.path) ?? field.defaultValue) : undefined;
  if (field.kind === 'array' && field.item && Array.isArray(value)) {
    const item = field.item;
    return value.every((_, index) => fieldIsValid(fieldOfItem(item, field.path.length, index), model));
  }
  return true;
}
