import type { BulkImportRequest, BulkImportResult } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import type { ImportChunk } from './import-plan';
import { type ImportRunState, runImport } from './import-run';

const chunks: ImportChunk[] = [
  { text: 'a', firstLine: 2, lines: 2 },
  { text: 'b', firstLine: 4, lines: 2 },
  { text: 'c', firstLine: 6, lines: 1 },
];
const request = (chunk: ImportChunk): BulkImportRequest => ({
  file: chunk.text,
  mapping: { columns: [{ type: 'NAME' }], delimiter: ',', header: false, update: false },
});
const ok = (created: number, errorsList: string[] = []): BulkImportResult => ({
  created,
  updated: 0,
  errors: errorsList.length,
  errorsList,
});

describe('runImport', () => {
  it('sends the parts one after the other and reports real progress', async () => {
    const sent: string[] = [];
    let inFlight = 0;
    const states: ImportRunState[] = [];
    const final = await runImport({
      chunks,
      requestOf: request,
      send: async (req) => {
        inFlight++;
        expect(inFlight).toBe(1);
        sent.push(req.file);
        await new Promise((resolve) => setTimeout(resolve, 1));
        inFlight--;
        return req.file === 'b' ? ok(1, ['Line: 2; Error: bad']) : ok(req.file === 'a' ? 2 : 1);
      },
      shouldStop: () => false,
      onProgress: (state) => states.push(state),
      signal: new AbortController().signal,
    });
    expect(sent).toEqual(['a', 'b', 'c']);
    expect(states.map((s) => [s.status, s.processed])).toEqual([
      ['running', 0],
      ['running', 2],
      ['running', 4],
      ['running', 5],
      ['done', 5],
    ]);
    expect(final.result).toEqual({ created: 4, updated: 0, errors: 1, errorsList: ['Line: 5; Error: bad'] });
  });

  it('stops before the next part when asked; the part under way still counts', async () => {
    let stop = false;
    const final = await runImport({
      chunks,
      requestOf: request,
      send: async () => {
        stop = true;
        return ok(2);
      },
      shouldStop: () => stop,
      onProgress: () => undefined,
      signal: new AbortController().signal,
    });
    expect(final).toMatchObject({ status: 'cancelled', processed: 2, total: 5, result: { created: 2 } });
  });

  it('ends at a part refused as a whole, naming its first line', async () => {
    const final = await runImport({
      chunks,
      requestOf: request,
      send: async (req) => {
        if (req.file === 'b') throw new Error('Unable to connect');
        return ok(2);
      },
      shouldStop: () => false,
      onProgress: () => undefined,
      signal: new AbortController().signal,
    });
    expect(final).toMatchObject({
      status: 'failed',
      processed: 2,
      failure: { message: 'Unable to connect', firstLine: 4 },
      result: { created: 2 },
    });
  });

  it('rejects when aborted, without reporting a failure', async () => {
    const controller = new AbortController();
    const states: ImportRunState[] = [];
    await expect(
      runImport({
        chunks,
        requestOf: request,
        send: async () => {
          controller.abort();
          throw new DOMException('aborted', 'AbortError');
        },
        shouldStop: () => false,
        onProgress: (state) => states.push(state),
        signal: controller.signal,
      }),
    ).rejects.toThrow('aborted');
    expect(states.map((s) => s.status)).toEqual(['running']);
  });
});
