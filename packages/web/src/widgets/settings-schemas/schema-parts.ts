import type { JsonObject, JsonValue } from '@meridian/common';

/**
 * The pieces the settings schemas of the natively drawn reference widgets are written with, in the
 * reference's react-schema-form format: `{schema, form}`, where `schema` is a JSON schema of the
 * settings object and `form` lists the fields in order (colours, selects, code and arrays by
 * their form item type).
 */

export interface SettingsSchema {
  schema: {
    type: 'object';
    title: string;
    properties: Record<string, JsonObject>;
    required: string[];
  };
  form: JsonValue[];
}

/** A property, its `default` only when the renderer has one (no default: the field starts empty). */
const property = (type: string, title: string, defaultValue?: JsonValue): JsonObject => ({
  title,
  type,
  ...(defaultValue === undefined ? {} : { default: defaultValue }),
});

export const numberProperty = (title: string, defaultValue?: number) =>
  property('number', title, defaultValue);
export const stringProperty = (title: string, defaultValue?: string) =>
  property('string', title, defaultValue);
export const booleanProperty = (title: string, defaultValue: boolean) =>
  property('boolean', title, defaultValue);

/** A choice of `values`, shown by a select form item ({@link selectItem}). */
export const enumProperty = (title: string, values: string[], defaultValue: string): JsonObject => ({
  ...property('string', title, defaultValue),
  enum: values,
});

/** An object of `properties`, edited as a group. */
export const objectProperty = (title: string, properties: Record<string, JsonObject>): JsonObject => ({
  title,
  type: 'object',
  properties,
});

/** A list of `items`; `defaultValue` when the renderer draws a list without one saved. */
export const arrayProperty = (title: string, items: JsonObject, defaultValue?: JsonValue[]): JsonObject => ({
  ...property('array', title, defaultValue),
  items,
});

/** A property with a note under its field. */
export const described = (schema: JsonObject, description: string): JsonObject => ({
  ...schema,
  description,
});

export const colorItem = (key: string): JsonObject => ({ key, type: 'color' });
export const javascriptItem = (key: string): JsonObject => ({ key, type: 'javascript' });
export const textareaItem = (key: string): JsonObject => ({ key, type: 'textarea' });
export const imageItem = (key: string): JsonObject => ({ key, type: 'image' });

/** A select of `[value, label]` options. */
export const selectItem = (key: string, options: [string, string][]): JsonObject => ({
  key,
  type: 'rc-select',
  multiple: false,
  items: options.map(([value, label]) => ({ value, label })),
});

/** Related fields under a title. */
export const fieldset = (title: string, items: JsonValue[]): JsonObject => ({
  type: 'fieldset',
  title,
  items,
});

export function settingsSchema(
  properties: Record<string, JsonObject>,
  form: JsonValue[],
  title = 'Settings',
): SettingsSchema {
  return { schema: { type: 'object', title, properties, required: [] }, form };
}

/**
 * The schema with a widget type's own defaults (its descriptor's default settings, which the
 * renderer lays under the saved ones) in place of the renderer's general ones.
 */
export function withTypeDefaults(
  schema: SettingsSchema,
  typeDefaults: JsonObject | undefined,
): SettingsSchema {
  const properties = Object.fromEntries(
    Object.entries(schema.schema.properties).map(([key, value]) => {
      const typeDefault = typeDefaults?.[key];
      return [key, typeDefault === undefined ? value : { ...value, default: typeDefault }];
    }),
  );
  return { ...schema, schema: { ...schema.schema, properties } };
}
