/**
 * A JSON reader that keeps numbers as written. Telemetry values are typed by their spelling (an
 * integral literal is a LONG, one with a fraction or exponent a DOUBLE) and longs use all 64 bits,
 * which JSON.parse would round to a double.
 */

import { MAX_JSON_DEPTH } from '../http/json-depth.js';

/** A JSON number, as its literal text. */
export class JsonNumber {
  constructor(readonly text: string) {}
  /** True when the literal has neither a fraction nor an exponent. */
  get integral(): boolean {
    return !/[.eE]/.test(this.text);
  }
}

/** A JSON object: its members in order (a repeated name keeps its last value, at its first place). */
export class JsonObjectNode {
  constructor(readonly members: ReadonlyMap<string, LosslessJson>) {}
}

export type LosslessJson = null | boolean | string | JsonNumber | LosslessJson[] | JsonObjectNode;

export class JsonSyntaxError extends Error {}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WHITESPACE = /[ \t\n\r]*/y;

/** Parses JSON text, keeping numbers as literals. Throws JsonSyntaxError on malformed input. */
export function parseLossless(text: string): LosslessJson {
  let pos = 0;

  const fail = (what: string): never => {
    throw new JsonSyntaxError(`${what} at position ${pos}`);
  };
  const skipWhitespace = () => {
    WHITESPACE.lastIndex = pos;
    WHITESPACE.exec(text);
    pos = WHITESPACE.lastIndex;
  };
  const expect = (char: string) => {
    if (text[pos] !== char) fail(`expected '${char}'`);
    pos++;
  };

  const parseString = (): string => {
    expect('"');
    let out = '';
    let start = pos;
    for (;;) {
      if (pos >= text.length) fail('unterminated string');
      const code = text.charCodeAt(pos);
      if (code === 0x22) {
        out += text.slice(start, pos);
        pos++;
        return out;
      }
      if (code < 0x20) fail('control character in string');
      if (code !== 0x5c) {
        pos++;
        continue;
      }
      out += text.slice(start, pos);
      const escaped = text[pos + 1];
      pos += 2;
      switch (escaped) {
        case '"':
        case '\\':
        case '/':
          out += escaped;
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          const hex = text.slice(pos, pos + 4);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('invalid unicode escape');
          out += String.fromCharCode(Number.parseInt(hex, 16));
          pos += 4;
          break;
        }
        default:
          pos -= 2;
          fail('invalid escape');
      }
      start = pos;
    }
  };

  const parseValue = (depth: number): LosslessJson => {
    if (depth > MAX_JSON_DEPTH) fail('nesting too deep');
    skipWhitespace();
    const char = text[pos];
    switch (char) {
      case '{': {
        pos++;
        const members = new Map<string, LosslessJson>();
        skipWhitespace();
        if (text[pos] === '}') {
          pos++;
          return new JsonObjectNode(members);
        }
        for (;;) {
          skipWhitespace();
          const name = parseString();
          skipWhitespace();
          expect(':');
          members.set(name, parseValue(depth + 1));
          skipWhitespace();
          if (text[pos] === ',') {
            pos++;
            continue;
          }
          expect('}');
          return new JsonObjectNode(members);
        }
      }
      case '[': {
        pos++;
        const items: LosslessJson[] = [];
        skipWhitespace();
        if (text[pos] === ']') {
          pos++;
          return items;
        }
        for (;;) {
          items.push(parseValue(depth + 1));
          skipWhitespace();
          if (text[pos] === ',') {
            pos++;
            continue;
          }
          expect(']');
          return items;
        }
      }
      case '"':
        return parseString();
      case 't':
      case 'f':
      case 'n': {
        for (const [word, value] of [
          ['true', true],
          ['false', false],
          ['null', null],
        ] as const) {
          if (text.startsWith(word, pos)) {
            pos += word.length;
            return value;
          }
        }
        return fail('unexpected token');
      }
      default: {
        NUMBER.lastIndex = pos;
        const match = NUMBER.exec(text);
        if (!match || match[0] === '')
          return fail(char === undefined ? 'unexpected end' : 'unexpected token');
        pos += match[0].length;
        return new JsonNumber(match[0]);
      }
    }
  };

  const value = parseValue(0);
  skipWhitespace();
  if (pos !== text.length) fail('unexpected text after the JSON value');
  return value;
}

/** Compact JSON text of a value; numbers keep their literal, strings pass through `clean` first. */
export function stringifyLossless(
  value: LosslessJson,
  clean: (text: string) => string = (text) => text,
): string {
  const write = (node: LosslessJson): string => {
    if (node === null) return 'null';
    if (typeof node === 'boolean') return node ? 'true' : 'false';
    if (typeof node === 'string') return JSON.stringify(clean(node));
    if (node instanceof JsonNumber) return node.text;
    if (Array.isArray(node)) return `[${node.map(write).join(',')}]`;
    const members: string[] = [];
    for (const [name, member] of node.members)
      members.push(`${JSON.stringify(clean(name))}:${write(member)}`);
    return `{${members.join(',')}}`;
  };
  return write(value);
}
