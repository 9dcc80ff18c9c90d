import { isJsonObject, type JsonObject, type JsonValue } from '@meridian/common';
import type { CodeLanguage } from '../code-editor/code-editor-types';
import { ITEM_INDEX, pathOfKey } from './json-form-paths';
import type { FieldKind, FieldRules, FormField } from './json-form-types';

export { valueAt, withValueAt } from './json-form-paths';
export type { FieldKind, FormField } from './json-form-types';

/**
 * The reference's widget settings schemas (`{schema, form}` as JSON text, spec 3 "JSON form") made
 * into the list of fields a form shows. Schema types map as the reference maps them: a string with
 * `enum` is a select, a string text, a number or integer a number, a boolean a checkbox, an object
 * a fieldset, an array of enum strings checkboxes, any other array a list of items, a date a date;
 * the form's own item types (colour, image, icon, code editors) override; anything else is edited
 * as JSON, so no setting is lost or shown as something it is not.
 */

export interface SettingsForm {
  schema: JsonObject;
  fields: FormField[];
}

type Json = Record<string, unknown>;
const objectOr = (value: unknown): Json => (isJsonObject(value) ? (value as Json) : {});
const numberOr = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** Form item types of the reference's json-form and the field that edits them. */
const FORM_TYPE_KINDS: Record<string, FieldKind> = {
  text: 'text',
  textarea: 'code',
  number: 'number',
  checkbox: 'checkbox',
  checkboxes: 'checkboxes',
  select: 'select',
  'rc-select': 'select',
  radios: 'select',
  color: 'color',
  image: 'image',
  icon: 'icon',
  date: 'date',
  array: 'array',
  javascript: 'code',
  json: 'code',
  html: 'code',
  css: 'code',
  markdown: 'code',
  fieldset: 'fieldset',
  section: 'fieldset',
};

/** The language a code field's form type is edited in; others are plain text. */
const FORM_TYPE_LANGUAGES: Record<string, CodeLanguage> = {
  javascript: 'javascript',
  json: 'json',
  html: 'html',
  css: 'css',
};

/**
 * Parses a type's settings schema text. Empty text or `{}` is a form without fields; text that is
 * not a schema gives null.
 */
export function parseSettingsSchema(text: string | undefined | null): SettingsForm | null {
  if (!text?.trim()) return { schema: {}, fields: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isJsonObject(parsed)) return null;
  const schema = objectOr(parsed.schema);
  const form = Array.isArray(parsed.form) ? parsed.form : ['*'];
  return { schema: schema as JsonObject, fields: fieldsOf(schema, form, []) };
}

/** The schema of the value at `path` under an object schema; an item index steps into `items`. */
function schemaAt(schema: Json, path: readonly string[]): Json | null {
  let current: Json = schema;
  for (const part of path) {
    const next =
      current.type === 'array' && (part === ITEM_INDEX || /^\d+$/.test(part))
        ? current.items
        : objectOr(current.properties)[part];
    if (!isJsonObject(next)) return null;
    current = next as Json;
  }
  return current;
}

function fieldsOf(schema: Json, form: unknown[], parent: string[]): FormField[] {
  const fields: FormField[] = [];
  for (const item of form) {
    if (item === '*') {
      const properties = objectOr(schemaAt(schema, parent)?.properties);
      for (const name of Object.keys(properties)) {
        const field = fieldOf(schema, { key: [...parent, name] });
        if (field) fields.push(field);
      }
      continue;
    }
    const field = fieldOf(schema, typeof item === 'string' ? { key: item } : objectOr(item));
    if (field) fields.push(field);
  }
  return fields;
}

function fieldOf(root: Json, item: Json): FormField | null {
  const path = pathOfKey(item.key);
  const formType = typeof item.type === 'string' ? item.type : null;
  if (!path) {
    // A fieldset without a key of its own groups the items listed in it.
    if (formType && FORM_TYPE_KINDS[formType] === 'fieldset' && Array.isArray(item.items)) {
      return {
        path: [],
        kind: 'fieldset',
        title: typeof item.title === 'string' ? item.title : '',
        required: false,
        items: fieldsOf(root, item.items, []),
      };
    }
    return null;
  }
  const schema = schemaAt(root, path);
  if (!schema) return null;
  const parentSchema = schemaAt(root, path.slice(0, -1));
  const title =
    typeof item.title === 'string'
      ? item.title
      : typeof schema.title === 'string'
        ? schema.title
        : // An item is labelled by its array and its number (see ArrayField).
          path.at(-1) === ITEM_INDEX
          ? ''
          : path.join('.');
  const description = item.description ?? schema.description;
  const rules = rulesOf(schema, item);
  const base = {
    path,
    title,
    required: isRequired(path, parentSchema, item),
    ...(typeof description === 'string' ? { description } : {}),
    ...(schema.default !== undefined ? { defaultValue: schema.default as JsonValue } : {}),
    ...(schema.readOnly === true || item.readonly === true ? { readOnly: true } : {}),
    ...(Object.keys(rules).length > 0 ? { rules } : {}),
  };
  // A select over an array value (the reference's rc-select with `multiple`) picks several choices.
  const formKind = kindOf(schema, formType);
  const kind = formKind === 'select' && schema.type === 'array' ? 'checkboxes' : formKind;
  switch (kind) {
    case 'select':
    case 'checkboxes':
      return {
        ...base,
        kind,
        options: optionsOf(kind === 'checkboxes' ? objectOr(schema.items) : schema, item),
      };
    case 'fieldset':
      return { ...base, kind, items: fieldsOf(root, Array.isArray(item.items) ? item.items : ['*'], path) };
    case 'array':
      return arrayField(root, base, schema, item);
    case 'code':
      return { ...base, kind, language: FORM_TYPE_LANGUAGES[formType ?? ''] ?? 'text' };
    default:
      return { ...base, kind };
  }
}

/**
 * A primitive array item ("levelColors[]") is always required: an empty item would be a hole in
 * the array. Else the parent object schema's `required` list, or the form item's own flag.
 */
function isRequired(path: string[], parentSchema: Json | null, item: Json): boolean {
  const name = path.at(-1);
  if (name === ITEM_INDEX) return true;
  if (item.required === true) return true;
  return Array.isArray(parentSchema?.required) && parentSchema.required.includes(name);
}

/** The schema's bounds; an exclusive bound moves by 1 (spec 3), as draft 4 (flag) or 6 (number) write it. */
function rulesOf(schema: Json, item: Json): FieldRules {
  const rules: FieldRules = {};
  const set = <K extends keyof FieldRules>(name: K, value: FieldRules[K] | undefined) => {
    if (value !== undefined) rules[name] = value;
  };
  set('minLength', numberOr(schema.minLength));
  set('maxLength', numberOr(schema.maxLength));
  set('minItems', numberOr(schema.minItems));
  set('maxItems', numberOr(schema.maxItems));
  const exclusiveMin = schema.exclusiveMinimum;
  const exclusiveMax = schema.exclusiveMaximum;
  set(
    'minimum',
    typeof exclusiveMin === 'number'
      ? exclusiveMin + 1
      : exclusiveMin === true && typeof schema.minimum === 'number'
        ? schema.minimum + 1
        : numberOr(schema.minimum),
  );
  set(
    'maximum',
    typeof exclusiveMax === 'number'
      ? exclusiveMax - 1
      : exclusiveMax === true && typeof schema.maximum === 'number'
        ? schema.maximum - 1
        : numberOr(schema.maximum),
  );
  const message = item.validationMessage ?? schema.validationMessage;
  if (typeof message === 'string' || isJsonObject(message)) {
    rules.validationMessage = message as FieldRules['validationMessage'];
  }
  return rules;
}

/** The choices of a select or of enum checkboxes: the form's titleMap (or items), else enum with enumNames. */
function optionsOf(schema: Json, item: Json): { value: JsonValue; label: string }[] {
  // The reference also lists a select's choices as its form `items`.
  const choices =
    Array.isArray(item.items) && item.items.every((entry) => isJsonObject(entry) && 'value' in entry);
  const titleMap = Array.isArray(item.titleMap) ? item.titleMap : choices ? (item.items as unknown[]) : null;
  if (titleMap) {
    return titleMap.map((entry) => {
      const e = objectOr(entry);
      return { value: e.value as JsonValue, label: String(e.label ?? e.name ?? e.value) };
    });
  }
  const names = Array.isArray(schema.enumNames) ? schema.enumNames : [];
  return (Array.isArray(schema.enum) ? schema.enum : []).map((value, index) => ({
    value: value as JsonValue,
    label: String(names[index] ?? value),
  }));
}

/**
 * An array's item template. The form may list the item's own field ("levelColors[]"), the fields
 * of an object item ("highlights[].from", …), or nothing, when the item schema says what it is.
 */
function arrayField(root: Json, base: Omit<FormField, 'kind'>, schema: Json, item: Json): FormField {
  const itemPath = [...base.path, ITEM_INDEX];
  const itemSchema = objectOr(schema.items);
  const listed = Array.isArray(item.items) ? fieldsOf(root, item.items, itemPath) : null;
  const own = listed?.length === 1 && listed[0]?.path.join('.') === itemPath.join('.') ? listed[0] : null;
  const template =
    own ??
    (listed
      ? { path: itemPath, kind: 'fieldset' as const, title: '', required: false, items: listed }
      : fieldOf(root, { key: itemPath }));
  const newItem =
    itemSchema.default !== undefined
      ? (itemSchema.default as JsonValue)
      : template?.kind === 'fieldset' || itemSchema.type === 'object'
        ? {}
        : itemSchema.type === 'array'
          ? []
          : null;
  return template ? { ...base, kind: 'array', item: template, newItem } : { ...base, kind: 'json' };
}

function kindOf(schema: Json, formType: string | null): FieldKind {
  if (formType) return FORM_TYPE_KINDS[formType] ?? 'json';
  switch (schema.type) {
    case 'string':
      return Array.isArray(schema.enum) ? 'select' : 'text';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'checkbox';
    case 'date':
      return 'date';
    case 'object':
      return isJsonObject(schema.properties) && Object.keys(schema.properties).length > 0
        ? 'fieldset'
        : 'json';
    case 'array': {
      const items = objectOr(schema.items);
      if (items.type === 'string' && Array.isArray(items.enum)) return 'checkboxes';
      return isJsonObject(schema.items) ? 'array' : 'json';
    }
    default:
      return 'json';
  }
}
