import { describe, expect, it } from 'vitest';
import {
  JsonNumber,
  JsonObjectNode,
  JsonSyntaxError,
  parseLossless,
  stringifyLossless,
} from './json-lossless.js';

describe('parseLossless', () => {
  it('keeps number literals as written', () => {
    const node = parseLossless('{"a": 9223372036854775807, "b": 1.50, "c": -2e3, "d": 0}');
    expect(node).toBeInstanceOf(JsonObjectNode);
    const members = (node as JsonObjectNode).members;
    expect((members.get('a') as JsonNumber).text).toBe('9223372036854775807');
    expect((members.get('a') as JsonNumber).integral).toBe(true);
    expect((members.get('b') as JsonNumber).text).toBe('1.50');
    expect((members.get('b') as JsonNumber).integral).toBe(false);
    expect((members.get('c') as JsonNumber).integral).toBe(false);
    expect((members.get('d') as JsonNumber).text).toBe('0');
    const exponents = parseLossless('[-0.5E+3, 1e-7, 10E2]') as JsonNumber[];
    expect(exponents.map((n) => n.text)).toEqual(['-0.5E+3', '1e-7', '10E2']);
  });

  it('reads strings with escapes, literals, arrays and nested objects', () => {
    const node = parseLossless(' [ "a\\"b\\u00e9\\n", true, false, null, {"x": []} ] ');
    expect(Array.isArray(node)).toBe(true);
    const items = node as unknown[];
    expect(items.slice(0, 4)).toEqual(['a"bé\n', true, false, null]);
    expect(items[4]).toBeInstanceOf(JsonObjectNode);
  });

  it('keeps the last value of a repeated name and names like __proto__ as plain members', () => {
    const node = parseLossless('{"k": 1, "__proto__": 2, "k": 3}') as JsonObjectNode;
    expect([...node.members.keys()]).toEqual(['k', '__proto__']);
    expect((node.members.get('k') as JsonNumber).text).toBe('3');
  });

  it.each([
    ['', /unexpected end/],
    ['{', /expected '"'/],
    ['{"a" 1}', /expected ':'/],
    ['[1,]', /unexpected token/],
    ['01', /unexpected text after/],
    ['{"a": 1} x', /unexpected text after/],
    ['"abc', /unterminated string/],
    ['"a\tb"', /control character/],
    ['"\\x"', /invalid escape/],
    ['"\\u12"', /invalid unicode escape/],
    ['tru', /unexpected token/],
    ['-', /unexpected token/],
    ['-x', /unexpected token/],
    ['1.', /unexpected text after/],
    ['[1.e5]', /expected ']'/],
    ['1e+', /unexpected text after/],
    ['{"a": 1E}', /expected '}'/],
    ['nul', /unexpected token/],
  ])('refuses %j', (text, message) => {
    expect(() => parseLossless(text)).toThrowError(JsonSyntaxError);
    expect(() => parseLossless(text)).toThrowError(message);
  });

  it('refuses nesting deeper than it can safely follow instead of overflowing the stack', () => {
    expect(() => parseLossless(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toThrowError(
      /nesting too deep/,
    );
    expect(parseLossless(`${'['.repeat(100)}${']'.repeat(100)}`)).toBeInstanceOf(Array);
  });
});

describe('stringifyLossless', () => {
  it('writes compact JSON with the original number literals', () => {
    const text = '{ "b": 12345678901234567890, "a": [1.0, "x\\u0000y", {"n": null}] }';
    expect(stringifyLossless(parseLossless(text))).toBe(
      '{"b":12345678901234567890,"a":[1.0,"x\\u0000y",{"n":null}]}',
    );
  });

  it('passes strings and names through the cleaner', () => {
    const node = new JsonObjectNode(new Map([['k\u0000', 'v\u0000w']]));
    expect(stringifyLossless(node, (s) => s.replaceAll('\u0000', ''))).toBe('{"k":"vw"}');
    expect(stringifyLossless(new JsonNumber('5'))).toBe('5');
  });
});
