import { describe, expect, it } from 'vitest';
import { isCsvDelimiter, parseCsv } from './csv.js';

const fields = (text: string, delimiter = ',') => parseCsv(text, delimiter).map((r) => r.fields);

describe('parseCsv', () => {
  it('splits records at \\n, \\r\\n and \\r, and fields at the delimiter', () => {
    expect(fields('a,b\nc,d\r\ne,f\rg,h')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
    expect(fields('a;b;c', ';')).toEqual([['a', 'b', 'c']]);
    expect(fields('a\tb', '\t')).toEqual([['a', 'b']]);
    expect(fields('a|b,c', '|')).toEqual([['a', 'b,c']]);
  });

  it('keeps empty fields, including a trailing one, and surrounding spaces', () => {
    expect(fields(',a,,\n')).toEqual([['', 'a', '', '']]);
    expect(fields('a,')).toEqual([['a', '']]);
    expect(fields(' a , b ')).toEqual([[' a ', ' b ']]);
  });

  it('reads quoted fields with delimiters, line breaks and doubled quotes', () => {
    expect(fields('"a,b","say ""hi""","two\nlines","x\r\ny"\nnext')).toEqual([
      ['a,b', 'say "hi"', 'two\nlines', 'x\r\ny'],
      ['next'],
    ]);
    expect(fields('"",""""')).toEqual([['', '"']]);
  });

  it('treats a quote inside an unquoted field as an ordinary character', () => {
    expect(fields('5" screen,ab"c"')).toEqual([['5" screen', 'ab"c"']]);
    expect(fields(' "a",b')).toEqual([[' "a"', 'b']]);
  });

  it('skips empty lines without counting them, and a final line break adds no record', () => {
    const records = parseCsv('\nname\n\r\n\nA\r\n\rB\n\n', ',');
    expect(records).toEqual([
      { ordinal: 1, fields: ['name'], raw: 'name' },
      { ordinal: 2, fields: ['A'], raw: 'A' },
      { ordinal: 3, fields: ['B'], raw: 'B' },
    ]);
    expect(parseCsv('', ',')).toEqual([]);
    expect(parseCsv('\n\r\n', ',')).toEqual([]);
  });

  it('drops a leading byte order mark', () => {
    expect(fields('\uFEFFname,type\nA,t')).toEqual([
      ['name', 'type'],
      ['A', 't'],
    ]);
  });

  it('numbers records without empty lines and keeps each record raw, without its line break', () => {
    const records = parseCsv('\uFEFF\nname\n\r\n\n"A\nB",x\r\n\rC\n\n', ',');
    expect(records).toEqual([
      { ordinal: 1, fields: ['name'], raw: 'name' },
      { ordinal: 2, fields: ['A\nB', 'x'], raw: '"A\nB",x' },
      { ordinal: 3, fields: ['C'], raw: 'C' },
    ]);
  });

  it('flags text after a closing quote on that record only, keeping the text', () => {
    const records = parseCsv('"ab"c,d\ne,f', ',');
    expect(records[0]).toEqual({
      ordinal: 1,
      fields: ['abc', 'd'],
      raw: '"ab"c,d',
      problem: 'unexpected text after a closing quote',
    });
    expect(records[1]).toEqual({ ordinal: 2, fields: ['e', 'f'], raw: 'e,f' });
  });

  it('flags a quote that is never closed; it runs to the end of the file', () => {
    const records = parseCsv('a,b\n"c,d\ne,f', ',');
    expect(records).toHaveLength(2);
    expect(records[0]).toEqual({ ordinal: 1, fields: ['a', 'b'], raw: 'a,b' });
    expect(records[1]).toEqual({
      ordinal: 2,
      fields: ['c,d\ne,f'],
      raw: '"c,d\ne,f',
      problem: 'a quoted value is not closed before the end of the file',
    });
  });

  it('stops after a limit of records', () => {
    expect(parseCsv('a\nb\nc\nd', ',', 2).map((r) => r.raw)).toEqual(['a', 'b']);
    expect(parseCsv('\n\na\n\nb\nc', ',', 2).map((r) => [r.ordinal, r.raw])).toEqual([
      [1, 'a'],
      [2, 'b'],
    ]);
  });

  it('refuses delimiters that cannot separate fields', () => {
    for (const delimiter of ['', ',,', '"', '\n', '\r']) {
      expect(isCsvDelimiter(delimiter)).toBe(false);
      expect(() => parseCsv('a', delimiter)).toThrow(/delimiter/);
    }
    for (const delimiter of [',', ';', '|', '\t']) expect(isCsvDelimiter(delimiter)).toBe(true);
  });

  it('reads a large file in one pass', () => {
    const lines = Array.from({ length: 20000 }, (_, i) => `Device ${i},"type, ${i % 7}",${i}`);
    const records = parseCsv(lines.join('\n'), ',');
    expect(records).toHaveLength(20000);
    expect(records[12345]).toEqual({
      ordinal: 12346,
      fields: ['Device 12345', 'type, 4', '12345'],
      raw: 'Device 12345,"type, 4",12345',
    });
  });
});
