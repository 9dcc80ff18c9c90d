import { describe, expect, it } from 'vitest';
import { parseLossless } from './json-lossless.js';
import {
  checkKey,
  deviceAttributeEntries,
  deviceValue,
  javaDoubleString,
  parsePayload,
  restAttributeEntries,
  restAttributeValue,
  TelemetryInputError,
  telemetryEntries,
  valueAsJson,
  valueAsString,
} from './values.js';

const node = (text: string) => parseLossless(text);

describe('device value typing', () => {
  it.each([
    ['true', { type: 'BOOLEAN', value: true }],
    ['42', { type: 'LONG', value: 42n }],
    ['-9223372036854775808', { type: 'LONG', value: -(2n ** 63n) }],
    ['9223372036854775808', { type: 'STRING', value: '9223372036854775808' }],
    ['21.5', { type: 'DOUBLE', value: 21.5 }],
    ['1e3', { type: 'DOUBLE', value: 1000 }],
    ['"42"', { type: 'LONG', value: 42n }],
    ['"007"', { type: 'LONG', value: 7n }],
    ['"-.5"', { type: 'DOUBLE', value: -0.5 }],
    ['"1e3"', { type: 'STRING', value: '1e3' }],
    ['"5."', { type: 'STRING', value: '5.' }],
    ['"on"', { type: 'STRING', value: 'on' }],
    ['"a\\u0000b"', { type: 'STRING', value: 'ab' }],
    ['{"b": 1, "a": [2.0]}', { type: 'JSON', value: '{"b":1,"a":[2.0]}' }],
  ])('%s', (text, expected) => {
    expect(deviceValue('k', node(text), 'drop')).toEqual(expected);
  });

  it('drops or refuses null', () => {
    expect(deviceValue('k', null, 'drop')).toBeUndefined();
    expect(() => deviceValue('k', null, 'reject')).toThrowError("Value of 'k' is null");
  });

  it('refuses doubles beyond the double range', () => {
    expect(() => deviceValue('k', node('1e999'), 'drop')).toThrowError(TelemetryInputError);
  });
});

describe('REST attribute value typing', () => {
  it.each([
    ['"42"', { type: 'STRING', value: '42' }],
    ['42', { type: 'LONG', value: 42n }],
    ['42.0', { type: 'DOUBLE', value: 42 }],
    ['1E2', { type: 'DOUBLE', value: 100 }],
    ['false', { type: 'BOOLEAN', value: false }],
    ['[1, "x"]', { type: 'JSON', value: '[1,"x"]' }],
  ])('%s', (text, expected) => {
    expect(restAttributeValue('k', node(text))).toEqual(expected);
  });

  it('ignores null and refuses big integers', () => {
    expect(restAttributeValue('k', null)).toBeUndefined();
    expect(() => restAttributeValue('k', node('9223372036854775808'))).toThrowError(
      'Big integer values are not supported!',
    );
  });
});

describe('payloads', () => {
  it('reads an object of values stamped now', () => {
    expect(telemetryEntries(node('{"t": 1, "s": "x"}'), 500)).toEqual([
      {
        ts: 500,
        values: [
          { key: 't', value: { type: 'LONG', value: 1n } },
          { key: 's', value: { type: 'STRING', value: 'x' } },
        ],
      },
    ]);
  });

  it('reads {ts, values} and arrays, grouping points of one timestamp', () => {
    const entries = telemetryEntries(
      node('[{"ts": 1000, "values": {"a": 1}}, {"b": true}, {"ts": "1000", "values": {"c": 2.5}}]'),
      9,
    );
    expect(entries).toEqual([
      {
        ts: 1000,
        values: [
          { key: 'a', value: { type: 'LONG', value: 1n } },
          { key: 'c', value: { type: 'DOUBLE', value: 2.5 } },
        ],
      },
      { ts: 9, values: [{ key: 'b', value: { type: 'BOOLEAN', value: true } }] },
    ]);
  });

  it('treats an object with only ts as plain values, and drops timestamps without values', () => {
    expect(telemetryEntries(node('{"ts": 5}'), 1)).toEqual([
      { ts: 1, values: [{ key: 'ts', value: { type: 'LONG', value: 5n } }] },
    ]);
    expect(telemetryEntries(node('{"ts": 5, "values": {}}'), 1)).toEqual([]);
    expect(telemetryEntries(node('[]'), 1)).toEqual([]);
  });

  it.each([
    ['5', 'Expected a JSON object of values'],
    ['[1]', 'Expected a JSON object of values'],
    ['{"ts": 1.5, "values": {}}', "'ts' must be a whole number of milliseconds"],
    ['{"ts": 99999999999999999999, "values": {}}', "'ts' is out of range"],
    ['{"ts": 1, "values": 3}', "'values' must be a JSON object"],
    ['{" ": 1}', 'Key cannot be empty or contains only spaces'],
    ['{"a": null}', "Value of 'a' is null"],
  ])('refuses %s', (text, message) => {
    expect(() => telemetryEntries(node(text), 1, 'reject')).toThrowError(message);
  });

  it('reads attribute objects the device way and the REST way', () => {
    expect(deviceAttributeEntries(node('{"a": "1", "b": null}'))).toEqual([
      { key: 'a', value: { type: 'LONG', value: 1n } },
    ]);
    expect(restAttributeEntries(node('{"a": "1", "b": null}'))).toEqual([
      { key: 'a', value: { type: 'STRING', value: '1' } },
    ]);
    expect(() => restAttributeEntries(node('[1]'))).toThrowError('Request is not a JSON object');
    expect(() => deviceAttributeEntries(node('"x"'))).toThrowError('Request is not a JSON object');
  });

  it('turns malformed text into an input error with the given prefix', () => {
    expect(() => parsePayload('{"a":', 'Bad body')).toThrowError(
      /^Bad body \(unexpected end at position 5\)$/,
    );
  });

  it('checks keys', () => {
    expect(checkKey('temperature')).toBe('temperature');
    expect(() => checkKey('')).toThrowError('Key cannot be empty or contains only spaces');
    expect(() => checkKey('a\u0000')).toThrowError("Key 'a' contains a NUL character");
    expect(() => checkKey('k'.repeat(256))).toThrowError(/is longer than 255 characters/);
    expect(checkKey('k'.repeat(255))).toHaveLength(255);
  });
});

describe('text forms', () => {
  it.each([
    [25, '25.0'],
    [21.5, '21.5'],
    [0.001, '0.001'],
    [0.0001, '1.0E-4'],
    [1234567.5, '1234567.5'],
    [1e7, '1.0E7'],
    [12345678.9, '1.23456789E7'],
    [1e21, '1.0E21'],
    [-3.5e-7, '-3.5E-7'],
    [0, '0.0'],
    [-0, '-0.0'],
  ])('prints %d as Java does: %s', (value, text) => {
    expect(javaDoubleString(value)).toBe(text);
  });

  it('prints values as text and as typed JSON', () => {
    expect(valueAsString({ type: 'LONG', value: 2n ** 63n - 1n })).toBe('9223372036854775807');
    expect(valueAsJson({ type: 'LONG', value: 2n ** 63n - 1n })).toBe('9223372036854775807');
    expect(valueAsString({ type: 'DOUBLE', value: 2 })).toBe('2.0');
    expect(valueAsJson({ type: 'DOUBLE', value: 2 })).toBe('2.0');
    expect(valueAsString({ type: 'BOOLEAN', value: false })).toBe('false');
    expect(valueAsJson({ type: 'STRING', value: 'say "hi"' })).toBe('"say \\"hi\\""');
    expect(valueAsString({ type: 'JSON', value: '{"a":1}' })).toBe('{"a":1}');
    expect(valueAsJson({ type: 'JSON', value: '{"a":1}' })).toBe('{"a":1}');
  });
});
