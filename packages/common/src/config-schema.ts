import { isJsonObject, type JsonValue } from './json.js';

/**
 * The JSON schema (a draft-07 subset) a component descriptor gives of a rule node's configuration
 * (`configurationDescriptor.nodeDefinition.configurationSchema`). The console builds the node's
 * form from it and the server checks saved configurations against it.
 */
export type ConfigSchemaType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/** `contentMediaType` of a string holding a JavaScript function body (the form's script editor). */
export const SCRIPT_MEDIA_TYPE = 'application/javascript';

export interface ConfigSchema {
  type?: ConfigSchemaType | ConfigSchemaType[];
  title?: string;
  description?: string;
  default?: JsonValue;
  /** Allowed values; `enumNames` are their labels, in the same order. */
  enum?: JsonValue[];
  enumNames?: string[];
  /** Allowed values with labels, the draft-07 way. */
  oneOf?: { const: JsonValue; title: string }[];
  /** Suggested values of a free text (message types, which scripts may extend). */
  examples?: JsonValue[];
  properties?: Record<string, ConfigSchema>;
  /** Keys the form asks for; the server leaves missing keys to the engine's defaults. */
  required?: string[];
  /** The schema of every value of a map (e.g. header name → value). */
  additionalProperties?: boolean | ConfigSchema;
  items?: ConfigSchema;
  minimum?: number;
  maximum?: number;
  /** SCRIPT_MEDIA_TYPE for scripts. */
  contentMediaType?: string;
  /**
   * Names a boolean sibling: while it is true this enum field holds a `${pattern}` resolved per
   * message instead of one of its values (create alarm's severity with dynamicSeverity).
   */
  'x-patternWhen'?: string;
}

/** One value a schema refuses: the path of the field (`relationsQuery.direction`) and why. */
export interface ConfigSchemaIssue {
  path: string;
  message: string;
}

/** The allowed values of an enum schema with their labels, or undefined when it is not one. */
export function schemaOptions(schema: ConfigSchema): { value: JsonValue; label: string }[] | undefined {
  if (schema.enum) {
    return schema.enum.map((value, index) => ({
      value,
      label: schema.enumNames?.[index] ?? String(value),
    }));
  }
  if (schema.oneOf?.every((option) => 'const' in option)) {
    return schema.oneOf.map((option) => ({
      value: option.const,
      label: option.title ?? String(option.const),
    }));
  }
  return undefined;
}

export function schemaTypes(schema: ConfigSchema): ConfigSchemaType[] {
  if (schema.type === undefined) return [];
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

/**
 * The value as the engine's lenient readers (rule-engine/config.ts) take a `type`, or undefined
 * when they refuse it: numbers may come as numeric strings, booleans as "true"/"false", a text as
 * a number or boolean (Jackson binding, on which exported chains rely).
 */
function coerce(type: ConfigSchemaType, value: JsonValue): JsonValue | undefined {
  switch (type) {
    case 'string':
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : undefined;
    case 'number':
    case 'integer': {
      // As configNumber reads it: the text trimmed, through Number().
      const number =
        typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
      if (!Number.isFinite(number)) return undefined;
      return type === 'integer' && !Number.isInteger(number) ? undefined : number;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      return value === 'true' || value === 'false' ? value === 'true' : undefined;
    case 'object':
      return isJsonObject(value) ? value : undefined;
    case 'array':
      return Array.isArray(value) ? value : undefined;
    case 'null':
      return value === null ? null : undefined;
  }
}

const TYPE_WORDS: Record<ConfigSchemaType, string> = {
  string: 'a text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

const quoted = (path: string) => `'${path}'`;

/**
 * What a stored configuration breaks of its schema, leniently: a missing or null value, or an
 * empty text for a number, takes the engine's default and passes; keys the schema does not
 * describe pass (the reference ignores them); `required` is left to the engine. Types, enums,
 * list items, map values and number bounds are checked.
 */
export function configSchemaIssues(
  schema: ConfigSchema,
  value: JsonValue | undefined,
  path = '',
): ConfigSchemaIssue[] {
  if (value === undefined || value === null) return [];
  const types = schemaTypes(schema);
  let checked: JsonValue | undefined = value;
  if (types.length > 0) {
    if ((types.includes('number') || types.includes('integer')) && value === '') return [];
    checked = undefined;
    for (const type of types) {
      checked = coerce(type, value);
      if (checked !== undefined) break;
    }
    if (checked === undefined) {
      const words = types.filter((type) => type !== 'null').map((type) => TYPE_WORDS[type]);
      return [{ path, message: `${quoted(path)} must be ${words.join(' or ')}` }];
    }
  }
  const options = schemaOptions(schema);
  if (options && !options.some((option) => String(option.value) === String(checked))) {
    const allowed = options.map((option) => String(option.value)).join(', ');
    return [{ path, message: `${quoted(path)} must be one of ${allowed}` }];
  }
  if (typeof checked === 'number') {
    if (schema.minimum !== undefined && checked < schema.minimum)
      return [{ path, message: `${quoted(path)} must be at least ${schema.minimum}` }];
    if (schema.maximum !== undefined && checked > schema.maximum)
      return [{ path, message: `${quoted(path)} must be at most ${schema.maximum}` }];
  }
  if (Array.isArray(checked) && schema.items) {
    const items = schema.items;
    return checked.flatMap((item, index) => configSchemaIssues(items, item, `${path}[${index}]`));
  }
  if (isJsonObject(checked)) return objectIssues(schema, checked, path);
  return [];
}

function objectIssues(
  schema: ConfigSchema,
  object: Record<string, JsonValue>,
  path: string,
): ConfigSchemaIssue[] {
  const issues: ConfigSchemaIssue[] = [];
  const properties = schema.properties ?? {};
  const extra = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  for (const [key, item] of Object.entries(object)) {
    const childPath = path === '' ? key : `${path}.${key}`;
    let child = properties[key] ?? extra;
    if (!child) continue;
    const toggle = child['x-patternWhen'];
    if (toggle !== undefined && coerce('boolean', object[toggle] ?? false) === true) {
      child = { ...child, enum: undefined, enumNames: undefined, oneOf: undefined };
    }
    issues.push(...configSchemaIssues(child, item, childPath));
  }
  return issues;
}
