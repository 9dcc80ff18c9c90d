import type { JsonValue } from '@meridian/common';
import type { CodeLanguage } from '../code-editor/code-editor-types';

export type FieldKind =
  | 'text'
  | 'number'
  | 'checkbox'
  | 'select'
  | 'color'
  | 'code'
  | 'json'
  | 'fieldset'
  | 'checkboxes'
  | 'array'
  | 'image'
  | 'icon'
  | 'date';

/** The schema's constraints on a field's value (spec 3 "JSON form": what the form honours). */
export interface FieldRules {
  minLength?: number;
  maxLength?: number;
  /** Inclusive bounds; an exclusive bound of the schema is already moved by 1 (spec 3). */
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  /** Overrides the default message: one text for every error, or texts by tv4 error code. */
  validationMessage?: string | Record<string, string>;
}

export interface FormField {
  /**
   * The value's path in the model. In an array's item template the item's index is the
   * placeholder ITEM_INDEX ('[]'); the array editor puts each item's index there.
   */
  path: string[];
  kind: FieldKind;
  title: string;
  description?: string;
  required: boolean;
  /** Shown but not editable (schema `readOnly`, form `readonly`). */
  readOnly?: boolean;
  rules?: FieldRules;
  /** The choices of a select or of enum checkboxes, with their labels. */
  options?: { value: JsonValue; label: string }[];
  /** A fieldset's fields. */
  items?: FormField[];
  /** An array's item: the field that edits one item, its path ending in the placeholder. */
  item?: FormField;
  /** What a new array item starts as. */
  newItem?: JsonValue | null;
  /** The schema's default value. */
  defaultValue?: JsonValue;
  /** A code field's language, from its form type. */
  language?: CodeLanguage;
}
