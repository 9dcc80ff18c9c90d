import { describe, expect, it } from 'vitest';
import { valueDraftError, valueDraftOf, valueOfDraft, valueText, withValueType } from './value-input';

describe('value input (spec 3 §4, §5)', () => {
  it('infers the type from the value: boolean, whole number, decimal, object, text', () => {
    expect(valueDraftOf(true)).toEqual({ type: 'BOOLEAN', text: '', checked: true });
    expect(valueDraftOf(42)).toEqual({ type: 'INTEGER', text: '42', checked: false });
    expect(valueDraftOf(21.5)).toEqual({ type: 'DOUBLE', text: '21.5', checked: false });
    expect(valueDraftOf({ a: 1 })).toEqual({ type: 'JSON', text: '{\n  "a": 1\n}', checked: false });
    expect(valueDraftOf([1, 2]).type).toBe('JSON');
    expect(valueDraftOf('on')).toEqual({ type: 'STRING', text: 'on', checked: false });
    expect(valueDraftOf(null)).toEqual({ type: 'STRING', text: '', checked: false });
  });

  it('changing the type resets the value: false for BOOLEAN, {} for JSON, empty otherwise', () => {
    const draft = valueDraftOf('hello');
    expect(withValueType(draft, 'BOOLEAN')).toEqual({ type: 'BOOLEAN', text: '', checked: false });
    expect(withValueType(draft, 'JSON')).toEqual({ type: 'JSON', text: '{}', checked: false });
    expect(withValueType(draft, 'INTEGER')).toEqual({ type: 'INTEGER', text: '', checked: false });
    expect(withValueType(draft, 'STRING')).toBe(draft);
    expect(valueOfDraft(withValueType(draft, 'JSON'))).toEqual({});
  });

  it('reports the spec messages and yields null while invalid', () => {
    const cases: [Parameters<typeof valueDraftError>[0], string | null][] = [
      [{ type: 'STRING', text: '', checked: false }, 'value.string-value-required'],
      [{ type: 'INTEGER', text: '', checked: false }, 'value.integer-value-required'],
      [{ type: 'INTEGER', text: '1.5', checked: false }, 'value.invalid-integer-value'],
      [{ type: 'INTEGER', text: '-12', checked: false }, null],
      [{ type: 'DOUBLE', text: '', checked: false }, 'value.double-value-required'],
      [{ type: 'DOUBLE', text: 'abc', checked: false }, 'value.double-value-required'],
      [{ type: 'DOUBLE', text: '-0.25', checked: false }, null],
      [{ type: 'JSON', text: ' ', checked: false }, 'value.json-value-required'],
      [{ type: 'JSON', text: '{"a":', checked: false }, 'value.json-value-invalid'],
      [{ type: 'JSON', text: '5', checked: false }, 'value.json-value-invalid'],
      [{ type: 'BOOLEAN', text: '', checked: false }, null],
    ];
    for (const [draft, error] of cases) {
      expect(valueDraftError(draft), JSON.stringify(draft)).toBe(error);
      if (error !== null) {
        expect(valueOfDraft(draft)).toBeNull();
      }
    }
  });

  it('turns valid drafts into typed values', () => {
    expect(valueOfDraft({ type: 'STRING', text: ' x ', checked: false })).toBe(' x ');
    expect(valueOfDraft({ type: 'INTEGER', text: '-12', checked: false })).toBe(-12);
    expect(valueOfDraft({ type: 'DOUBLE', text: '23.5', checked: false })).toBe(23.5);
    expect(valueOfDraft({ type: 'BOOLEAN', text: '', checked: false })).toBe(false);
    expect(valueOfDraft({ type: 'JSON', text: '{"mode":"eco","levels":[1,2]}', checked: false })).toEqual({
      mode: 'eco',
      levels: [1, 2],
    });
  });

  it('shows text as it is and anything else as JSON', () => {
    expect(valueText('a "b"')).toBe('a "b"');
    expect(valueText(21.5)).toBe('21.5');
    expect(valueText(false)).toBe('false');
    expect(valueText({ a: [1] })).toBe('{"a":[1]}');
    expect(valueText(null)).toBe('');
  });
});
