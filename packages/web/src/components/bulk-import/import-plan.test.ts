import { parseCsv } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import {
  addChunkResult,
  chunkFile,
  chunkRequest,
  detectColumns,
  EMPTY_RESULT,
  fileLineError,
  type ImportColumn,
  mappingProblem,
} from './import-plan';

const column = (type: ImportColumn['type'], key = ''): ImportColumn => ({
  title: null,
  sample: '',
  type,
  key,
});

describe('detectColumns', () => {
  it('maps name, type and label titles (any case) and keys the other columns by their title', () => {
    const text = 'Name,TYPE,label,temperature, firmware \nDevice 1,thermostat,Hall,21.5,1.2\n';
    expect(detectColumns(text, { delimiter: ',', header: true })).toEqual([
      { title: 'Name', sample: 'Device 1', type: 'NAME', key: '' },
      { title: 'TYPE', sample: 'thermostat', type: 'TYPE', key: '' },
      { title: 'label', sample: 'Hall', type: 'LABEL', key: '' },
      { title: 'temperature', sample: '21.5', type: 'SERVER_ATTRIBUTE', key: 'temperature' },
      { title: ' firmware ', sample: '1.2', type: 'SERVER_ATTRIBUTE', key: 'firmware' },
    ]);
  });

  it('without a header every column is an unkeyed server attribute sampled from the first line', () => {
    expect(detectColumns('a;b\nc;d', { delimiter: ';', header: false })).toEqual([
      { title: null, sample: 'a', type: 'SERVER_ATTRIBUTE', key: '' },
      { title: null, sample: 'b', type: 'SERVER_ATTRIBUTE', key: '' },
    ]);
  });

  it('gives a type to its first column only and counts the widest of header and sample', () => {
    const columns = detectColumns('name,name\nA,B,extra', { delimiter: ',', header: true });
    expect(columns.map((c) => [c.type, c.key, c.sample])).toEqual([
      ['NAME', '', 'A'],
      ['SERVER_ATTRIBUTE', 'name', 'B'],
      ['SERVER_ATTRIBUTE', '', 'extra'],
    ]);
  });
});

describe('mappingProblem', () => {
  it('needs a Name and a Type column', () => {
    expect(mappingProblem([column('NAME'), column('LABEL')])).toEqual({
      kind: 'required',
      missing: ['TYPE'],
    });
    expect(mappingProblem([column('TIMESERIES', 't')])).toEqual({
      kind: 'required',
      missing: ['NAME', 'TYPE'],
    });
    expect(mappingProblem([column('TYPE'), column('NAME')])).toBeNull();
  });

  it('needs a key of at most 255 characters for attributes and time series', () => {
    expect(mappingProblem([column('NAME'), column('TYPE'), column('SHARED_ATTRIBUTE', '  ')])).toEqual({
      kind: 'key-required',
      column: 2,
    });
    expect(mappingProblem([column('NAME'), column('TIMESERIES', 'k'.repeat(256)), column('TYPE')])).toEqual({
      kind: 'key-too-long',
      column: 1,
    });
    expect(
      mappingProblem([column('NAME'), column('TYPE'), column('TIMESERIES', 'a'), column('TIMESERIES', 'b')]),
    ).toBeNull();
  });

  it('allows an entity field in one column only', () => {
    expect(mappingProblem([column('NAME'), column('TYPE'), column('NAME')])).toEqual({
      kind: 'duplicate',
      type: 'NAME',
    });
  });
});

describe('chunkFile', () => {
  const lines = (count: number) => Array.from({ length: count }, (_u, i) => `Device ${i + 1},t`);

  it('leaves the header out and numbers the parts as the lines of the whole file', () => {
    const text = ['name,type', ...lines(5)].join('\n');
    const chunks = chunkFile(text, { delimiter: ',', header: true }, { rows: 2, chars: 1000 });
    expect(chunks).toEqual([
      { text: 'Device 1,t\nDevice 2,t', firstLine: 2, lines: 2 },
      { text: 'Device 3,t\nDevice 4,t', firstLine: 4, lines: 2 },
      { text: 'Device 5,t', firstLine: 6, lines: 1 },
    ]);
  });

  it('cuts at the character limit too, and never inside a quoted value', () => {
    const text = '"a\nb",1\r\n\r\nc,2\nd,3\n';
    const chunks = chunkFile(text, { delimiter: ',', header: false }, { rows: 10, chars: 10 });
    expect(chunks).toEqual([
      { text: '"a\nb",1', firstLine: 1, lines: 1 },
      { text: 'c,2\nd,3', firstLine: 2, lines: 2 },
    ]);
    // Every part reads back to the same records the whole file has.
    const whole = parseCsv(text, ',').map((r) => r.fields);
    const parts = chunks.flatMap((chunk) => parseCsv(chunk.text, ',').map((r) => r.fields));
    expect(parts).toEqual(whole);
  });

  it('sends a row longer than the character limit alone', () => {
    const chunks = chunkFile('a\nbbbbbbbbbbbb\nc', { delimiter: ',', header: false }, { rows: 10, chars: 5 });
    expect(chunks.map((c) => c.text)).toEqual(['a', 'bbbbbbbbbbbb', 'c']);
  });
});

describe('results of the parts', () => {
  it('renumbers per-line errors from the part to the whole file', () => {
    const chunk = { text: '', firstLine: 102, lines: 100 };
    expect(fileLineError('Line: 1; Error: Device name should be specified!', chunk)).toBe(
      'Line: 102; Error: Device name should be specified!',
    );
    expect(fileLineError('Line: 7; Error: a; b', chunk)).toBe('Line: 108; Error: a; b');
    expect(fileLineError('Something else', chunk)).toBe('Something else');
  });

  it('adds up the counts and keeps the errors in file order', () => {
    const first = addChunkResult(
      EMPTY_RESULT,
      { text: '', firstLine: 2, lines: 3 },
      {
        created: 2,
        updated: 0,
        errors: 1,
        errorsList: ['Line: 2; Error: x'],
      },
    );
    const both = addChunkResult(
      first,
      { text: '', firstLine: 5, lines: 3 },
      {
        created: 1,
        updated: 1,
        errors: 1,
        errorsList: ['Line: 3; Error: y'],
      },
    );
    expect(both).toEqual({
      created: 3,
      updated: 1,
      errors: 2,
      errorsList: ['Line: 3; Error: x', 'Line: 7; Error: y'],
    });
  });

  it('asks for a part without a header, with the mapping and settings of the wizard', () => {
    const request = chunkRequest(
      { text: 'A,t,5', firstLine: 2, lines: 1 },
      [column('NAME'), column('TYPE'), column('TIMESERIES', ' temp ')],
      { delimiter: ';', header: true, update: false },
    );
    expect(request).toEqual({
      file: 'A,t,5',
      mapping: {
        columns: [{ type: 'NAME' }, { type: 'TYPE' }, { type: 'TIMESERIES', key: 'temp' }],
        delimiter: ';',
        header: false,
        update: false,
      },
    });
  });
});
