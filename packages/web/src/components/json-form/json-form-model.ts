import { isJsonObject, type JsonObject, type JsonValue } from '@meridian/common';
import type { CodeLanguage } from '../code-editor/code-editor-types';

/**
 * The reference's widget settings schemas (`{schema, form}` as JSON text, spec 3 "JSON form") made
 * into the list of fields a form shows. Schema types map as the reference maps them: a string with
 * `enum` is a select, a string text, a number or integer a number, a boolean a checkbox, an object
 * a fieldset; the form's own item types (colour, code editors) override; anything else is edited
 * as JSON, so no setting is lost or shown as something it is not.
 */

export type FieldKind = 'text' | 'number' | 'checkbox' | 'select' | 'color' | 'code' | 'json' | 'fieldset';

export interface FormField {
  /** The value's path in the model. */
  path: string[];
  kind: FieldKind;
  title: string;
  description?: string;
  required: boolean;
  /** The choices of a select, with their labels. */
  options?: { value: JsonValue; label: string }[];
  /** A fieldset's fields. */
  items?: FormField[];
  /** The schema's default value. */
  defaultValue?: JsonValue;
  /** A code field's language, from its form type. */
  language?: CodeLanguage;
}

export interface SettingsForm {
  schema: JsonObject;
  fields: FormField[];
}

type Json = Record<string, unknown>;
const objectOr = (value: unknown): Json => (isJsonObject(value) ? (value as Json) : {});

/** Form item types of the reference's json-form and the field that edits them. */
const FORM_TYPE_KINDS: Record<string, FieldKind> = {
  text: 'text',
  textarea: 'code',
  number: 'number',
  checkbox: 'checkbox',
  select: 'select',
  'rc-select': 'select',
  radios: 'select',
  color: 'color',
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

function pathOf(key: unknown): string[] | null {
  if (typeof key === 'string') return key.split('.').filter(Boolean);
  if (Array.isArray(key) && key.every((part) => typeof part === 'string' || typeof part === 'number')) {
    return key.map(String);
  }
  return null;
}

/** The schema of the value at `path` under an object schema. */
function schemaAt(schema: Json, path: readonly string[]): Json | null {
  let current: Json = schema;
  for (const part of path) {
    const properties = objectOr(current.properties);
    if (!isJsonObject(properties[part])) return null;
    current = properties[part] as Json;
  }
  return current;
}

function fieldsOf(schema: Json, form: unknown[], parent: string[]): FormField[] {
  const fields: FormField[] = [];
  for (const item of form) {
    if (item === '*') {
      const properties = objectOr(schemaAt(schema, parent)?.properties);
      for (const name of Object.keys(properties)) {
        const field = fieldOf(schema, { key: [...parent, name] }, parent);
        if (field) fields.push(field);
      }
      continue;
    }
    const field = fieldOf(schema, typeof item === 'string' ? { key: item } : objectOr(item), parent);
    if (field) fields.push(field);
  }
  return fields;
}

function fieldOf(root: Json, item: Json, parent: string[]): FormField | null {
  const path = pathOf(item.key);
  const formType = typeof item.type === 'string' ? item.type : null;
  if (!path) {
    // A fieldset without a key of its own groups the items listed in it.
    if (formType && FORM_TYPE_KINDS[formType] === 'fieldset' && Array.isArray(item.items)) {
      return {
        path: [],
        kind: 'fieldset',
        title: typeof item.title === 'string' ? item.title : '',
        required: false,
        items: fieldsOf(root, item.items, parent),
      };
    }
    return null;
  }
  const schema = schemaAt(root, path);
  if (!schema) return null;
  const parentSchema = schemaAt(root, path.slice(0, -1));
  const required = Array.isArray(parentSchema?.required) && parentSchema.required.includes(path.at(-1));
  const title =
    typeof item.title === 'string'
      ? item.title
      : typeof schema.title === 'string'
        ? schema.title
        : path.join('.');
  const base = {
    path,
    title,
    required,
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    ...(schema.default !== undefined ? { defaultValue: schema.default as JsonValue } : {}),
  };
  const kind = kindOf(schema, formType);
  if (kind === 'select') {
    const titleMap = Array.isArray(item.items)
      ? item.items
      : Array.isArray(item.titleMap)
        ? item.titleMap
        : null;
    const names = Array.isArray(schema.enumNames) ? schema.enumNames : [];
    const options = titleMap
      ? titleMap.map((entry) => {
          const e = objectOr(entry);
          return { value: e.value as JsonValue, label: String(e.label ?? e.name ?? e.value) };
        })
      : (Array.isArray(schema.enum) ? schema.enum : []).map((value, index) => ({
          value: value as JsonValue,
          label: String(names[index] ?? value),
        }));
    return { ...base, kind, options };
  }
  if (kind === 'fieldset') {
    const items = Array.isArray(item.items) ? item.items : ['*'];
    return { ...base, kind, items: fieldsOf(root, items, path) };
  }
  if (kind === 'code') return { ...base, kind, language: FORM_TYPE_LANGUAGES[formType ?? ''] ?? 'text' };
  return { ...base, kind };
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
    case 'object':
      return isJsonObject(schema.properties) && Object.keys(schema.properties).length > 0
        ? 'fieldset'
        : 'json';
    default:
      return 'json';
  }
}

/** The value at `path` in the model. */
export function valueAt(model: JsonValue | undefined, path: readonly string[]): JsonValue | undefined {
  let current: unknown = model;
  for (const part of path) {
    if (!isJsonObject(current)) return undefined;
    current = (current as Json)[part];
  }
  return current as JsonValue | undefined;
}

/** The model with the value at `path` set; `undefined` removes the key (the reference drops empty values). */
export function withValueAt(
  model: JsonObject,
  path: readonly string[],
  value: JsonValue | undefined,
): JsonObject {
  const [head, ...rest] = path;
  if (head === undefined) return model;
  if (rest.length === 0) {
    const { [head]: _old, ...others } = model;
    return (value === undefined ? others : { ...others, [head]: value }) as JsonObject;
  }
  const child = isJsonObject(model[head]) ? (model[head] as JsonObject) : {};
  return { ...model, [head]: withValueAt(child, rest, value) } as JsonObject;
}
