import { describe, expect, it } from 'vitest';
import { parseSettingsSchema } from './json-form-model';
import { fieldOfItem, ITEM_INDEX, pathOfKey } from './json-form-paths';

const gaugeSchema = {
  type: 'object',
  properties: {
    levelColors: { title: 'Level colors', type: 'array', items: { type: 'string', title: 'Color' } },
    highlights: {
      title: 'Highlights',
      type: 'array',
      maxItems: 3,
      items: {
        type: 'object',
        required: ['from'],
        properties: { from: { type: 'number' }, to: { type: 'number' }, color: { type: 'string' } },
      },
    },
    days: {
      type: 'array',
      items: { type: 'string', enum: ['mon', 'tue', 'wed'], enumNames: ['Monday', 'Tuesday', 'Wednesday'] },
    },
    logo: { type: 'string' },
    icon: { type: 'string' },
    since: { type: 'date' },
  },
};
const parse = (form: unknown[]) =>
  parseSettingsSchema(JSON.stringify({ schema: gaugeSchema, form }))?.fields ?? [];

describe('json form keys as paths', () => {
  it('reads dotted keys, [] item keys, indexes and arrays of parts', () => {
    expect(pathOfKey('a.b')).toEqual(['a', 'b']);
    expect(pathOfKey('levelColors[]')).toEqual(['levelColors', ITEM_INDEX]);
    expect(pathOfKey('highlights[].color')).toEqual(['highlights', ITEM_INDEX, 'color']);
    expect(pathOfKey('highlights[2].color')).toEqual(['highlights', '2', 'color']);
    expect(pathOfKey(['highlights', '', 'to'])).toEqual(['highlights', ITEM_INDEX, 'to']);
    expect(pathOfKey(['a', 0])).toEqual(['a', '0']);
    expect(pathOfKey(7)).toBeNull();
  });
});

describe('json form arrays, images, icons and dates', () => {
  it('takes a primitive array whose form lists its items with [] keys', () => {
    const [field] = parse([{ key: 'levelColors', items: [{ key: 'levelColors[]', type: 'color' }] }]);
    expect(field?.kind).toBe('array');
    expect(field?.title).toBe('Level colors');
    expect(field?.item).toMatchObject({ path: ['levelColors', ITEM_INDEX], kind: 'color', required: true });
    expect(field?.newItem).toBeNull();
  });

  it('takes the fields of an object array item, as text keys or form objects', () => {
    const [field] = parse([
      {
        key: 'highlights',
        items: ['highlights[].from', 'highlights[].to', { key: 'highlights[].color', type: 'color' }],
      },
    ]);
    expect(field?.kind).toBe('array');
    expect(field?.rules).toEqual({ maxItems: 3 });
    expect(field?.newItem).toEqual({});
    expect(field?.item?.kind).toBe('fieldset');
    expect(field?.item?.items?.map((f) => [f.path.join('.'), f.kind, f.required])).toEqual([
      ['highlights.[].from', 'number', true],
      ['highlights.[].to', 'number', false],
      ['highlights.[].color', 'color', false],
    ]);
    const second = field?.item && fieldOfItem(field.item, 1, 1);
    expect(second?.items?.map((f) => f.path)).toEqual([
      ['highlights', '1', 'from'],
      ['highlights', '1', 'to'],
      ['highlights', '1', 'color'],
    ]);
  });

  it('derives the item field from the schema for a bare key', () => {
    const [colors, highlights] = parse(['levelColors', 'highlights']);
    expect(colors?.item).toMatchObject({ kind: 'text', title: 'Color', path: ['levelColors', ITEM_INDEX] });
    expect(highlights?.item?.kind).toBe('fieldset');
    expect(highlights?.item?.items?.map((f) => f.path.at(-1))).toEqual(['from', 'to', 'color']);
  });

  it('makes an array of enum strings checkboxes labelled by enumNames or the titleMap', () => {
    const [days, mapped] = parse(['days', { key: 'days', titleMap: [{ value: 'tue', name: 'Di' }] }]);
    expect(days?.kind).toBe('checkboxes');
    expect(days?.options).toEqual([
      { value: 'mon', label: 'Monday' },
      { value: 'tue', label: 'Tuesday' },
      { value: 'wed', label: 'Wednesday' },
    ]);
    expect(mapped?.options).toEqual([{ value: 'tue', label: 'Di' }]);
  });

  it('makes an rc-select over an array value checkboxes of its items', () => {
    const [field] = parse([
      { key: 'levelColors', type: 'rc-select', multiple: true, items: [{ value: 'red', label: 'Red' }] },
    ]);
    expect(field?.kind).toBe('checkboxes');
    expect(field?.options).toEqual([{ value: 'red', label: 'Red' }]);
  });

  it('maps image, icon and date form types and the date schema type', () => {
    const fields = parse([
      { key: 'logo', type: 'image' },
      { key: 'icon', type: 'icon' },
      'since',
      { key: 'logo', type: 'date' },
    ]);
    expect(fields.map((f) => f.kind)).toEqual(['image', 'icon', 'date', 'date']);
  });

  it('keeps an array without an item schema as JSON', () => {
    const fields = parseSettingsSchema(
      JSON.stringify({ schema: { type: 'object', properties: { list: { type: 'array' } } } }),
    )?.fields;
    expect(fields?.[0]?.kind).toBe('json');
  });
});
