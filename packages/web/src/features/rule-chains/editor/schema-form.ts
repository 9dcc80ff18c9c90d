import {
  type ConfigSchema,
  isJsonObject,
  type JsonObject,
  type JsonValue,
  SCRIPT_MEDIA_TYPE,
  schemaOptions,
  schemaTypes,
} from '@meridian/common';
import { RULE_CHAIN_ID_KEY } from './config-fields';

/**
 * The node form built from a descriptor's configuration schema (issue 11): which input each
 * setting gets, the form's state and the configuration it makes. Keys of the configuration the
 * schema does not describe are kept as they are (the JSON mode edits them).
 */
export type SchemaFieldKind =
  | 'select'
  | 'multiSelect'
  | 'switch'
  | 'number'
  | 'text'
  | 'script'
  | 'list'
  | 'group'
  | 'json'
  | 'ruleChain';

export interface SchemaField {
  key: string;
  /** Dotted path from the configuration (`relationsQuery.direction`); the field's id. */
  path: string;
  kind: SchemaFieldKind;
  schema: ConfigSchema;
  required: boolean;
  /** The fields of a group (a nested object with properties). */
  children: SchemaField[];
}

export function fieldKindOf(key: string, schema: ConfigSchema): SchemaFieldKind {
  const types = schemaTypes(schema).filter((type) => type !== 'null');
  if (key === RULE_CHAIN_ID_KEY && (types.length === 0 || types.includes('string'))) return 'ruleChain';
  if (schemaOptions(schema)) return 'select';
  const [type] = types;
  if (types.length !== 1) return 'json';
  switch (type) {
    case 'boolean':
      return 'switch';
    case 'number':
    case 'integer':
      return 'number';
    case 'string':
      return schema.contentMediaType === SCRIPT_MEDIA_TYPE ? 'script' : 'text';
    case 'array': {
      const items = schema.items ?? {};
      if (schemaOptions(items)) return 'multiSelect';
      return schemaTypes(items).join() === 'string' ? 'list' : 'json';
    }
    case 'object':
      return schema.properties && !schema.additionalProperties ? 'group' : 'json';
    default:
      return 'json';
  }
}

/** The fields of an object schema, in the schema's order. */
export function schemaFieldsOf(schema: ConfigSchema, parent = ''): SchemaField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([key, child]) => {
    const path = parent === '' ? key : `${parent}.${key}`;
    const kind = fieldKindOf(key, child);
    return {
      key,
      path,
      kind,
      schema: child,
      required: required.has(key),
      children: kind === 'group' ? schemaFieldsOf(child, path) : [],
    };
  });
}

/** What the inputs hold: texts (select values, numbers, texts, JSON), switches and lists, by path. */
export interface SchemaFormState {
  texts: Record<string, string>;
  flags: Record<string, boolean>;
  lists: Record<string, string[]>;
}

const valueAt = (configuration: JsonObject, path: string): JsonValue | undefined => {
  let value: JsonValue | undefined = configuration;
  for (const key of path.split('.')) value = isJsonObject(value) ? value[key] : undefined;
  return value;
};

/** The text of a select option: null (the reference's "not set") is the empty option. */
export const optionText = (value: JsonValue | undefined): string =>
  value === null || value === undefined ? '' : String(value);

export function schemaFormStateOf(
  fields: readonly SchemaField[],
  configuration: JsonObject,
): SchemaFormState {
  const state: SchemaFormState = { texts: {}, flags: {}, lists: {} };
  const visit = (field: SchemaField) => {
    const value = valueAt(configuration, field.path);
    switch (field.kind) {
      case 'group':
        field.children.forEach(visit);
        return;
      case 'switch':
        state.flags[field.path] = value === true || value === 'true';
        return;
      case 'list':
      case 'multiSelect':
        state.lists[field.path] = Array.isArray(value) ? value.map((item) => optionText(item)) : [];
        return;
      case 'json':
        state.texts[field.path] = value === undefined ? '' : JSON.stringify(value, null, 2);
        return;
      default:
        state.texts[field.path] = typeof value === 'object' ? '' : optionText(value);
    }
  };
  fields.forEach(visit);
  return state;
}

/** A wrong input: the message key and its values. */
export interface FieldError {
  key: string;
  values?: Record<string, number>;
}

/** The value of a number input, or why it is not one. */
export function numberOfText(schema: ConfigSchema, text: string): { value: number } | { error: FieldError } {
  const number = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(number)) return { error: { key: 'rulenode.invalid-number' } };
  if (schemaTypes(schema).includes('integer') && !Number.isInteger(number)) {
    return { error: { key: 'rulenode.invalid-integer' } };
  }
  if (schema.minimum !== undefined && number < schema.minimum) {
    return { error: { key: 'rulenode.number-min', values: { min: schema.minimum } } };
  }
  if (schema.maximum !== undefined && number > schema.maximum) {
    return { error: { key: 'rulenode.number-max', values: { max: schema.maximum } } };
  }
  return { value: number };
}

/** The stored value of a select's text: the option it names (its own type), else the text. */
function optionValueOf(schema: ConfigSchema, text: string): JsonValue {
  const option = schemaOptions(schema)?.find((candidate) => optionText(candidate.value) === text);
  return option ? option.value : text;
}

const NOT_SET = Symbol('not set');
type Built = JsonValue | typeof NOT_SET;

/**
 * The configuration the form makes: the original with every field's value put in, or the inputs
 * that are wrong. An input left empty keeps a setting the original did not have unset, and an
 * unset (null) one null.
 */
export function configurationOfSchemaForm(
  fields: readonly SchemaField[],
  state: SchemaFormState,
  original: JsonObject,
): { value: JsonObject } | { errors: Record<string, FieldError> } {
  const errors: Record<string, FieldError> = {};
  const empty = (field: SchemaField): Built => {
    const before = valueAt(original, field.path);
    if (before === undefined) return NOT_SET;
    if (before === null || schemaTypes(field.schema).includes('null')) return null;
    return NOT_SET;
  };
  const build = (field: SchemaField): Built => {
    const text = state.texts[field.path] ?? '';
    switch (field.kind) {
      case 'switch':
        return state.flags[field.path] ?? false;
      case 'list':
      case 'multiSelect': {
        const list = state.lists[field.path] ?? [];
        if (list.length === 0 && valueAt(original, field.path) === undefined) return NOT_SET;
        return field.kind === 'multiSelect'
          ? list.map((item) => optionValueOf(field.schema.items ?? {}, item))
          : list;
      }
      case 'number': {
        if (text.trim() === '' && !field.required) {
          const unset = empty(field);
          if (unset !== NOT_SET || valueAt(original, field.path) === undefined) return unset;
        }
        const parsed = numberOfText(field.schema, text);
        if ('error' in parsed) {
          errors[field.path] = parsed.error;
          return NOT_SET;
        }
        return parsed.value;
      }
      case 'json': {
        if (text.trim() === '') return empty(field);
        try {
          return JSON.parse(text) as JsonValue;
        } catch {
          errors[field.path] = { key: 'rulenode.invalid-json' };
          return NOT_SET;
        }
      }
      case 'group': {
        const before = valueAt(original, field.path);
        const object: JsonObject = isJsonObject(before) ? { ...before } : {};
        let changed = false;
        for (const child of field.children) {
          const value = build(child);
          if (value === NOT_SET) continue;
          if (!(value === '' || value === false || value === null) || isJsonObject(before)) changed = true;
          object[child.key] = value;
        }
        // A group the original had as null or not at all stays so until one of its inputs is set.
        return changed ? object : before === undefined ? NOT_SET : before;
      }
      default: {
        if (text === '') {
          if (field.required) {
            errors[field.path] = { key: 'rulenode.field-required' };
            return NOT_SET;
          }
          const unset = empty(field);
          if (unset !== NOT_SET || valueAt(original, field.path) === undefined) return unset;
          return '';
        }
        return field.kind === 'select' ? optionValueOf(field.schema, text) : text;
      }
    }
  };
  const value: JsonObject = { ...original };
  for (const field of fields) {
    const built = build(field);
    if (built === NOT_SET) delete value[field.key];
    else value[field.key] = built;
  }
  return Object.keys(errors).length > 0 ? { errors } : { value };
}
