import { NATIVE_WIDGET_TYPES } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { parseSettingsSchema } from '../../components/json-form/json-form-model';
import {
  classDataKeySettingsSchemaOf,
  classSettingsSchemaOf,
  effectiveDataKeySettingsSchema,
  effectiveSettingsSchema,
} from './class-settings-schema';
import type { SettingsSchema } from './schema-parts';
import { formKeys, propertyAt } from './schema-walk';

const FROM_CLASS = NATIVE_WIDGET_TYPES.filter((type) => type.settings === 'fromClass');
const name = (type: { bundleAlias: string; typeAlias: string }) => `${type.bundleAlias}.${type.typeAlias}`;

describe('class settings schemas', () => {
  it('exist for exactly the native types whose reference schema is in their class', () => {
    expect(FROM_CLASS.length).toBe(25);
    const withSchema = NATIVE_WIDGET_TYPES.filter((type) =>
      classSettingsSchemaOf(type.bundleAlias, type.typeAlias),
    );
    expect(withSchema.map(name)).toEqual(FROM_CLASS.map(name));
  });

  it.each(FROM_CLASS.map((type) => [name(type), type] as const))(
    '%s has a schema the settings form reads, its form naming only its properties',
    (_, type) => {
      const text = classSettingsSchemaOf(type.bundleAlias, type.typeAlias);
      expect(text).toBeDefined();
      const form = parseSettingsSchema(text);
      expect(form?.fields.length).toBeGreaterThan(0);
      const schema = JSON.parse(text as string) as SettingsSchema;
      expect(schema.schema).toMatchObject({ type: 'object', title: 'Settings' });
      const keys = formKeys(schema.form);
      for (const key of keys) expect(propertyAt(schema, key), key).toBeDefined();
      // And the form shows every property: a setting the renderer reads is never hidden.
      const named = (p: string) =>
        keys.some((key) => key === p || key.startsWith(`${p}.`) || key.startsWith(`${p}[]`));
      expect(Object.keys(schema.schema.properties).filter((p) => !named(p))).toEqual([]);
    },
  );

  it('gives data key schemas to the flot charts, whose renderers read key settings', () => {
    const lines = ['showLines', 'fillLines', 'showPoints', 'lineWidth', 'tooltipValueFormatter'];
    const keyFields: Record<string, string[]> = {
      basic_timeseries: lines,
      state_chart: lines,
      timeseries_bars_flot: ['tooltipValueFormatter'],
      pie: ['tooltipValueFormatter'],
    };
    for (const [typeAlias, fields] of Object.entries(keyFields)) {
      const text = classDataKeySettingsSchemaOf('charts', typeAlias);
      const schema = JSON.parse(text ?? '{}') as SettingsSchema;
      expect(parseSettingsSchema(text)?.fields.map((f) => f.path.join('.'))).toEqual(fields);
      for (const key of formKeys(schema.form)) expect(propertyAt(schema, key), key).toBeDefined();
    }
    expect(classDataKeySettingsSchemaOf('analogue_gauges', 'radial_gauge_canvas_gauges')).toBeUndefined();
  });

  it('has none for types whose descriptor holds the schema, or unknown types', () => {
    expect(classSettingsSchemaOf('cards', 'simple_card')).toBeUndefined();
    expect(classSettingsSchemaOf('charts', 'doughnut_chart_js')).toBeUndefined();
    expect(classSettingsSchemaOf('maps_v2', 'google_maps')).toBeUndefined();
  });

  it('keeps the gauge types apart: each form starts from its own type defaults', () => {
    const defaultMax = (typeAlias: string) =>
      (JSON.parse(classSettingsSchemaOf('analogue_gauges', typeAlias) ?? '{}') as SettingsSchema).schema
        .properties.maxValue?.default;
    expect(defaultMax('radial_gauge_canvas_gauges')).toBe(100);
    expect(defaultMax('speed_gauge_canvas_gauges')).toBe(180);
    expect(defaultMax('temperature_radial_gauge_canvas_gauges')).toBe(60);
  });
});

describe('the schema a widget type is edited with', () => {
  const own = JSON.stringify({
    schema: { type: 'object', properties: { a: { type: 'string' } } },
    form: ['a'],
  });

  it("is the class schema when the descriptor's is empty", () => {
    const expected = classSettingsSchemaOf('charts', 'pie');
    for (const empty of [
      undefined,
      '',
      '  ',
      '{}',
      '{"schema":{"type":"object","properties":{}},"form":[]}',
    ]) {
      expect(effectiveSettingsSchema('charts', 'pie', empty)).toBe(expected);
    }
    expect(effectiveDataKeySettingsSchema('charts', 'pie', '{}')).toBe(
      classDataKeySettingsSchemaOf('charts', 'pie'),
    );
  });

  it("is the descriptor's own when it has one, or when the type has no class schema", () => {
    expect(effectiveSettingsSchema('charts', 'pie', own)).toBe(own);
    expect(effectiveSettingsSchema('cards', 'simple_card', '{}')).toBe('{}');
    expect(effectiveDataKeySettingsSchema('analogue_gauges', 'analogue_compass', '{}')).toBe('{}');
    expect(effectiveSettingsSchema('charts', 'pie', 'not json')).toBe('not json');
  });
});
