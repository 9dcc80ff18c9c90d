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

/** Parses JSON text, keeping numbers as literals. Throws JsonSyntaxError on malformed input. */
export function parseLossless(text: string): LosslessJson {
  const reader = new Reader(text);
  const value = reader.value(0);
  reader.skipWhitespace();
  if (reader.pos !== text.length) reader.fail('unexpected text after the JSON value');
  return value;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;

function isDigit(code: number): boolean {
  return code >= ZERO && code <= NINE;
}

/**
 * The parser's position in one text. It reads by character code: every device message passes
 * through here, and a regular expression match or a closure per call was a tenth of the ingest's
 * garbage (bench/README.md, issue 14).
 */
class Reader {
  pos = 0;

  constructor(private readonly text: string) {}

  fail(what: string): never {
    throw new JsonSyntaxError(`${what} at position ${this.pos}`);
  }

  skipWhitespace(): void {
    const text = this.text;
    let pos = this.pos;
    for (;;) {
      const code = text.charCodeAt(pos);
      if (code !== 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) break;
      pos++;
    }
    this.pos = pos;
  }

  private expect(char: string): void {
    if (this.text[this.pos] !== char) this.fail(`expected '${char}'`);
    this.pos++;
  }

  value(depth: number): LosslessJson {
    if (depth > MAX_JSON_DEPTH) this.fail('nesting too deep');
    this.skipWhitespace();
    switch (this.text[this.pos]) {
      case '{':
        return this.object(depth);
      case '[':
        return this.array(depth);
      case '"':
        return this.string();
      case 't':
        return this.word('true', true);
      case 'f':
        return this.word('false', false);
      case 'n':
        return this.word('null', null);
      default:
        return this.number();
    }
  }

  private object(depth: number): JsonObjectNode {
    this.pos++;
    const members = new Map<string, LosslessJson>();
    this.skipWhitespace();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return new JsonObjectNode(members);
    }
    for (;;) {
      this.skipWhitespace();
      const name = this.string();
      this.skipWhitespace();
      this.expect(':');
      members.set(name, this.value(depth + 1));
      this.skipWhitespace();
      if (this.text[this.pos] === ',') {
        this.pos++;
        continue;
      }
      this.expect('}');
      return new JsonObjectNode(members);
    }
  }

  private array(depth: number): LosslessJson[] {
    this.pos++;
    const items: LosslessJson[] = [];
    this.skipWhitespace();
    if (this.text[this.pos] === ']') {
      this.pos++;
      return items;
    }
    for (;;) {
      items.push(this.value(depth + 1));
      this.skipWhitespace();
      if (this.text[this.pos] === ',') {
        this.pos++;
        continue;
      }
      this.expect(']');
      return items;
    }
  }

  private word<T extends boolean | null>(word: string, value: T): T {
    if (!this.text.startsWith(word, this.pos)) this.fail('unexpected token');
    this.pos += word.length;
    return value;
  }

  /**
   * The longest prefix that is a JSON number: `-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`;
   * a fraction or exponent without digits is left for the caller to refuse.
   */
  private number(): JsonNumber {
    const text = this.text;
    const start = this.pos;
    let pos = start;
    if (text.charCodeAt(pos) === MINUS) pos++;
    const first = text.charCodeAt(pos);
    if (first === ZERO) pos++;
    else if (isDigit(first)) {
      while (isDigit(text.charCodeAt(pos))) pos++;
    } else this.fail(start >= text.length ? 'unexpected end' : 'unexpected token');
    if (text.charCodeAt(pos) === DOT && isDigit(text.charCodeAt(pos + 1))) {
      pos += 2;
      while (isDigit(text.charCodeAt(pos))) pos++;
    }
    const e = text.charCodeAt(pos);
    if (e === 0x65 || e === 0x45) {
      let digits = pos + 1;
      const sign = text.charCodeAt(digits);
      if (sign === PLUS || sign === MINUS) digits++;
      if (isDigit(text.charCodeAt(digits))) {
        pos = digits + 1;
        while (isDigit(text.charCodeAt(pos))) pos++;
      }
    }
    this.pos = pos;
    return new JsonNumber(text.slice(start, pos));
  }

  private string(): string {
    this.expect('"');
    const text = this.text;
    let out = '';
    let start = this.pos;
    for (;;) {
      if (this.pos >= text.length) this.fail('unterminated string');
      const code = text.charCodeAt(this.pos);
      if (code === QUOTE) {
        out += text.slice(start, this.pos);
        this.pos++;
        return out;
      }
      if (code < 0x20) this.fail('control character in string');
      if (code !== BACKSLASH) {
        this.pos++;
        continue;
      }
      out += text.slice(start, this.pos);
      out += this.escape();
      start = this.pos;
    }
  }

  /** The character of the escape at the position (a backslash), moving past it. */
  private escape(): string {
    const escaped = this.text[this.pos + 1];
    this.pos += 2;
    switch (escaped) {
      case '"':
      case '\\':
      case '/':
        return escaped;
      case 'b':
        return '\b';
      case 'f':
        return '\f';
      case 'n':
        return '\n';
      case 'r':
        return '\r';
      case 't':
        return '\t';
      case 'u': {
        const hex = this.text.slice(this.pos, this.pos + 4);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('invalid unicode escape');
        this.pos += 4;
        return String.fromCharCode(Number.parseInt(hex, 16));
      }
      default:
        this.pos -= 2;
        return this.fail('invalid escape');
    }
  }
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
