import { describe, expect, it } from 'vitest';
import { parseSettingsSchema, valueAt, withValueAt } from './json-form-model';

describe('settings schema form model', () => {
  it('maps schema types to fields in the form order', () => {
    const form = parseSettingsSchema(
      JSON.stringify({
        schema: {
          type: 'object',
          required: ['title'],
          properties: {
            title: { type: 'string', title: 'Title' },
            size: { type: 'number' },
            show: { type: 'boolean' },
            mode: { type: 'string', enum: ['a', 'b'], enumNames: ['A', 'B'] },
            color: { type: 'string' },
            list: { type: 'array' },
          },
        },
        form: [
          'size',
          'title',
          'show',
          'mode',
          { key: 'color', type: 'color' },
          'list',
          { key: 'x', type: 'text' },
        ],
      }),
    );
    expect(form?.fields.map((f) => [f.path.join('.'), f.kind])).toEqual([
      ['size', 'number'],
      ['title', 'text'],
      ['show', 'checkbox'],
      ['mode', 'select'],
      ['color', 'color'],
      ['list', 'json'],
    ]);
    expect(form?.fields[1]?.required).toBe(true);
    expect(form?.fields[3]?.options).toEqual([
      { value: 'a', label: 'A' },
      { value: 'b', label: 'B' },
    ]);
  });

  it('takes every property for a missing form, nests objects as fieldsets and falls back to JSON for unknown item types', () => {
    const form = parseSettingsSchema(
      JSON.stringify({
        schema: {
          type: 'object',
          properties: {
            font: { type: 'object', properties: { size: { type: 'number' } } },
            w: { type: 'string' },
          },
        },
        form: ['font', { key: 'w', type: 'no-such-type' }],
      }),
    );
    expect(form?.fields[0]?.kind).toBe('fieldset');
    expect(form?.fields[0]?.items?.[0]?.path).toEqual(['font', 'size']);
    expect(form?.fields[1]?.kind).toBe('json');
    expect(parseSettingsSchema('{}')?.fields).toEqual([]);
    expect(parseSettingsSchema('not json')).toBeNull();
  });

  it('reads and writes nested values, dropping undefined ones', () => {
    const model = withValueAt({ a: 1 }, ['font', 'size'], 12);
    expect(model).toEqual({ a: 1, font: { size: 12 } });
    expect(valueAt(model, ['font', 'size'])).toBe(12);
    expect(withValueAt(model, ['a'], undefined)).toEqual({ font: { size: 12 } });
  });
});
