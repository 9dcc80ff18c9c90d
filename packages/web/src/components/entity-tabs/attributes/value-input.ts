import { inferValueType, type JsonValue, type ValueType } from '@meridian/common';

/**
 * The value input of spec 3 (§3 value input types; §4 "Value input"; §5 value messages) as plain
 * data: a type and what the user typed. The value it stands for is null while it is invalid.
 */
export interface ValueDraft {
  type: ValueType;
  /** Text of STRING, INTEGER, DOUBLE and JSON values. */
  text: string;
  /** Value of BOOLEAN values. */
  checked: boolean;
}

/** Messages of spec 3 §5; a custom required text overrides the required ones. */
export type ValueError =
  | 'value.string-value-required'
  | 'value.integer-value-required'
  | 'value.invalid-integer-value'
  | 'value.double-value-required'
  | 'value.json-value-required'
  | 'value.json-value-invalid';

const INTEGER = /^-?\d+$/;

/** The draft of an existing value, its type inferred from it (null starts an empty string). */
export function valueDraftOf(value: JsonValue | null | undefined): ValueDraft {
  const current = value ?? null;
  const type = current === null ? 'STRING' : inferValueType(current);
  switch (type) {
    case 'BOOLEAN':
      return { type, text: '', checked: current === true };
    case 'JSON':
      return { type, text: JSON.stringify(current, null, 2), checked: false };
    default:
      return { type, text: current === null ? '' : String(current), checked: false };
  }
}

/** Changing the type resets the value: false for BOOLEAN, an empty object for JSON, nothing otherwise. */
export function withValueType(draft: ValueDraft, type: ValueType): ValueDraft {
  if (type === draft.type) {
    return draft;
  }
  return { type, text: type === 'JSON' ? '{}' : '', checked: false };
}

/** Why the draft is invalid, or null when it holds a value. */
export function valueDraftError(draft: ValueDraft): ValueError | null {
  const text = draft.text.trim();
  switch (draft.type) {
    case 'BOOLEAN':
      return null;
    case 'STRING':
      return draft.text === '' ? 'value.string-value-required' : null;
    case 'INTEGER':
      if (text === '') {
        return 'value.integer-value-required';
      }
      return INTEGER.test(text) && Number.isSafeInteger(Number(text)) ? null : 'value.invalid-integer-value';
    case 'DOUBLE':
      return text === '' || !Number.isFinite(Number(text)) ? 'value.double-value-required' : null;
    case 'JSON': {
      if (text === '') {
        return 'value.json-value-required';
      }
      try {
        const parsed: unknown = JSON.parse(text);
        return typeof parsed === 'object' && parsed !== null ? null : 'value.json-value-invalid';
      } catch {
        return 'value.json-value-invalid';
      }
    }
  }
}

/** The value the draft stands for; null while it is invalid (spec 3 §4). */
export function valueOfDraft(draft: ValueDraft): JsonValue | null {
  if (valueDraftError(draft) !== null) {
    return null;
  }
  const text = draft.text.trim();
  switch (draft.type) {
    case 'BOOLEAN':
      return draft.checked;
    case 'STRING':
      return draft.text;
    case 'INTEGER':
    case 'DOUBLE':
      return Number(text);
    case 'JSON':
      return JSON.parse(text) as JsonValue;
  }
}

/** How a stored value is shown in a table cell: text as is, anything else as JSON. */
export function valueText(value: JsonValue | null | undefined): string {
  if (value === null || value === undefined) {
    return '';
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}
