import type { BulkImportRequest, BulkImportResult } from '@meridian/common';
import { addChunkResult, EMPTY_RESULT, type ImportChunk } from './import-plan';

/** Where an import run stands. */
export interface ImportRunState {
  status: 'running' | 'done' | 'cancelled' | 'failed';
  /** Data lines sent and answered. */
  processed: number;
  total: number;
  result: BulkImportResult;
  /** Why the run stopped early: the server's message and the first line not imported. */
  failure: { message: string; firstLine: number } | null;
}

/** Sends one part; rejects when the request fails as a whole. */
export type SendChunk = (request: BulkImportRequest, signal: AbortSignal) => Promise<BulkImportResult>;

export interface RunImportOptions {
  chunks: readonly ImportChunk[];
  requestOf: (chunk: ImportChunk) => BulkImportRequest;
  send: SendChunk;
  /** Asked after each part: true stops before the next one (the part under way still counts). */
  shouldStop: () => boolean;
  onProgress: (state: ImportRunState) => void;
  /** Aborts the request under way (the wizard is gone); the run then ends without a last report. */
  signal: AbortSignal;
}

/**
 * Sends the parts one after the other, so that progress is real and the server is not flooded,
 * adding up their results. A part refused as a whole (e.g. a lost connection) ends the run: what was
 * imported so far stays, and the failure names the first line not imported.
 */
export async function runImport(options: RunImportOptions): Promise<ImportRunState> {
  const { chunks, requestOf, send, shouldStop, onProgress, signal } = options;
  let state: ImportRunState = {
    status: 'running',
    processed: 0,
    total: chunks.reduce((sum, chunk) => sum + chunk.lines, 0),
    result: EMPTY_RESULT,
    failure: null,
  };
  onProgress(state);
  for (const chunk of chunks) {
    if (shouldStop()) {
      state = { ...state, status: 'cancelled' };
      onProgress(state);
      return state;
    }
    let part: BulkImportResult;
    try {
      part = await send(requestOf(chunk), signal);
    } catch (error) {
      if (signal.aborted) throw error;
      state = {
        ...state,
        status: 'failed',
        failure: {
          message: error instanceof Error ? error.message : String(error),
          firstLine: chunk.firstLine,
        },
      };
      onProgress(state);
      return state;
    }
    state = {
      ...state,
      processed: state.processed + chunk.lines,
      result: addChunkResult(state.result, chunk, part),
    };
    onProgress(state);
  }
  state = { ...state, status: 'done' };
  onProgress(state);
  return state;
}
