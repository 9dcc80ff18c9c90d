import { describe, expect, it } from 'vitest';
import { parseSettingsSchema } from './json-form-model';
import { fieldError, fieldErrorIn, fieldsAreValid } from './json-form-validation';

const form = parseSettingsSchema(
  JSON.stringify({
    schema: {
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string', minLength: 2, maxLength: 4 },
        size: { type: 'number', minimum: 1, maximum: 10 },
        level: { type: 'integer', minimum: 0, exclusiveMinimum: true, maximum: 100, exclusiveMaximum: true },
        ratio: { type: 'number', exclusiveMinimum: 5, exclusiveMaximum: 9 },
        code: { type: 'string', maxLength: 1, validationMessage: 'One letter only' },
        tags: { type: 'array', minItems: 1, items: { type: 'string' } },
        fixed: { type: 'string', readOnly: true },
      },
    },
    form: [
      'name',
      'size',
      'level',
      'ratio',
      'code',
      { key: 'tags', validationMessage: { 400: 'Add a tag' } },
      'fixed',
    ],
  }),
);
const fields = form?.fields ?? [];
const field = (name: string) => {
  const found = fields.find((f) => f.path.join('.') === name);
  if (!found) throw new Error(name);
  return found;
};

describe('json form validation (spec 3)', () => {
  it('reports an empty required field', () => {
    expect(fieldError(field('name'), undefined)).toEqual({ key: 'required' });
    expect(fieldError(field('name'), '')).toEqual({ key: 'required' });
    expect(fieldError(field('size'), undefined)).toBeNull();
  });

  it('checks string lengths and number bounds', () => {
    expect(fieldError(field('name'), 'a')).toEqual({ key: 'min-length', values: { limit: 2 } });
    expect(fieldError(field('name'), 'abcde')).toEqual({ key: 'max-length', values: { limit: 4 } });
    expect(fieldError(field('name'), 'abc')).toBeNull();
    expect(fieldError(field('size'), 0)).toEqual({ key: 'minimum', values: { limit: 1 } });
    expect(fieldError(field('size'), 11)).toEqual({ key: 'maximum', values: { limit: 10 } });
    expect(fieldError(field('size'), 10)).toBeNull();
  });

  it('moves exclusive bounds by 1, as flags (draft 4) or numbers (draft 6)', () => {
    expect(field('level').rules).toMatchObject({ minimum: 1, maximum: 99 });
    expect(fieldError(field('level'), 0)).not.toBeNull();
    expect(fieldError(field('level'), 100)).not.toBeNull();
    expect(fieldError(field('level'), 1)).toBeNull();
    expect(field('ratio').rules).toMatchObject({ minimum: 6, maximum: 8 });
  });

  it('lets validationMessage override the message, as text or by tv4 code', () => {
    expect(fieldError(field('code'), 'ab')).toEqual({ message: 'One letter only' });
    expect(fieldError(field('tags'), [])).toEqual({ message: 'Add a tag' });
  });

  it('marks readOnly fields', () => {
    expect(field('fixed').readOnly).toBe(true);
    expect(field('name').readOnly).toBeUndefined();
  });

  it('finds the whole model valid only when every field and array item is', () => {
    expect(fieldsAreValid(fields, { name: 'abc', tags: ['x'] })).toBe(true);
    expect(fieldsAreValid(fields, { tags: ['x'] })).toBe(false);
    expect(fieldsAreValid(fields, { name: 'abc', tags: [] })).toBe(false);
    // An emptied item of a primitive array is an error, not a hole.
    expect(fieldsAreValid(fields, { name: 'abc', tags: [null] })).toBe(false);
  });

  it('takes an untouched checkbox as false and requires nested values only of objects that are there', () => {
    const nested = parseSettingsSchema(
      JSON.stringify({
        schema: {
          type: 'object',
          required: ['agree'],
          properties: {
            agree: { type: 'boolean' },
            font: { type: 'object', required: ['size'], properties: { size: { type: 'number' } } },
          },
        },
      }),
    )?.fields;
    const [agree, font] = nested ?? [];
    const size = font?.items?.[0];
    if (!agree || !size) throw new Error('fields');
    expect(fieldErrorIn(agree, {})).toBeNull();
    expect(fieldErrorIn(size, {})).toBeNull();
    expect(fieldErrorIn(size, { font: {} })).toEqual({ key: 'required' });
    expect(fieldsAreValid(nested ?? [], {})).toBe(true);
    expect(fieldsAreValid(nested ?? [], { font: { size: 12 } })).toBe(true);
    expect(fieldsAreValid(nested ?? [], { font: {} })).toBe(false);
  });
});
