import { describe, expect, it } from 'vitest';
import { parseCsvRecords } from './csv-records';

const fields = (text: string, delimiter = ',') => parseCsvRecords(text, delimiter).map((r) => r.fields);

describe('parseCsvRecords (the server bulk import reading rules)', () => {
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

  it('keeps empty fields, a trailing one included, and surrounding spaces', () => {
    expect(fields(',a,,\n')).toEqual([['', 'a', '', '']]);
    expect(fields('a,')).toEqual([['a', '']]);
    expect(fields(' a , b ')).toEqual([[' a ', ' b ']]);
  });

  it('reads quoted fields with delimiters, line breaks and doubled quotes', () => {
    expect(fields('"a,b","say ""hi""","two\nlines","x\r\ny"\nnext')).toEqual([
      ['a,b', 'say "hi"', 'two\nlines', 'x\r\ny'],
      ['next'],
    ]);
    expect(fields('5" screen,ab"c"')).toEqual([['5" screen', 'ab"c"']]);
  });

  it('numbers records without empty lines and keeps each record raw, without its line break', () => {
    const records = parseCsvRecords('\uFEFF\nname\n\r\n\n"A\nB",x\r\n\rC\n\n', ',');
    expect(records).toEqual([
      { ordinal: 1, fields: ['name'], raw: 'name' },
      { ordinal: 2, fields: ['A\nB', 'x'], raw: '"A\nB",x' },
      { ordinal: 3, fields: ['C'], raw: 'C' },
    ]);
  });

  it('lets a quote that is never closed run to the end of the text', () => {
    const records = parseCsvRecords('a,b\n"c,d\ne,f', ',');
    expect(records.map((r) => r.raw)).toEqual(['a,b', '"c,d\ne,f']);
  });

  it('stops after a limit of records', () => {
    expect(parseCsvRecords('a\nb\nc\nd', ',', 2).map((r) => r.raw)).toEqual(['a', 'b']);
  });
});
