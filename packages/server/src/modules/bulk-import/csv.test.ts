import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.js';

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
      { ordinal: 1, fields: ['name'] },
      { ordinal: 2, fields: ['A'] },
      { ordinal: 3, fields: ['B'] },
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

  it('flags text after a closing quote on that record only, keeping the text', () => {
    const records = parseCsv('"ab"c,d\ne,f', ',');
    expect(records[0]).toEqual({
      ordinal: 1,
      fields: ['abc', 'd'],
      problem: 'unexpected text after a closing quote',
    });
    expect(records[1]).toEqual({ ordinal: 2, fields: ['e', 'f'] });
  });

  it('flags a quote that is never closed; it runs to the end of the file', () => {
    const records = parseCsv('a,b\n"c,d\ne,f', ',');
    expect(records).toHaveLength(2);
    expect(records[0]).toEqual({ ordinal: 1, fields: ['a', 'b'] });
    expect(records[1]).toEqual({
      ordinal: 2,
      fields: ['c,d\ne,f'],
      problem: 'a quoted value is not closed before the end of the file',
    });
  });

  it('refuses delimiters that cannot separate fields', () => {
    for (const delimiter of ['', ',,', '"', '\n', '\r']) {
      expect(() => parseCsv('a', delimiter)).toThrow(/delimiter/);
    }
  });

  it('reads a large file in one pass', () => {
    const lines = Array.from({ length: 20000 }, (_, i) => `Device ${i},"type, ${i % 7}",${i}`);
    const records = parseCsv(lines.join('\n'), ',');
    expect(records).toHaveLength(20000);
    expect(records[12345]).toEqual({ ordinal: 12346, fields: ['Device 12345', 'type, 4', '12345'] });
  });
});
