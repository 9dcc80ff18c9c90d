/**
 * The messages between the server's thread and the embedded store's thread (pglite-thread.ts).
 * Values cross as structured clones: rows keep their Dates, numbers, objects and byte arrays.
 */

export interface PgliteThreadData {
  /** The data directory; absent: in memory. */
  dataPath: string | undefined;
  /** A compiled PGlite binary to run (a patched shared_buffers, decision 0013); absent: PGlite's own. */
  wasmModule: unknown;
}

/**
 * Which queue of the store's thread a statement waits in (statement-lanes.ts): `interactive`
 * statements (REST calls, the rule engine's lookups) run ahead of `background` ones (the group commit
 * of device data, clean-ups), which may each take tens of milliseconds.
 */
export type Lane = 'interactive' | 'background';

/** `exec` runs parameterless SQL that may hold several statements (migrations). */
export type PgliteThreadRequest =
  | { op: 'query' | 'exec'; id: number; lane: Lane; sql: string; params: readonly unknown[] }
  | { op: 'close'; id: number; lane: Lane };

/** What a statement answers: the rows of its (last) result and the rows it changed. */
export interface ThreadResult {
  rows: unknown[];
  affectedRows: number | undefined;
}

/** Id 0 is sent once, first: the store is open (`ready`), or the error that kept it shut. */
export type PgliteThreadReply =
  | ({ id: number } & ThreadResult)
  | { id: number; error: ThreadError }
  | { id: 0; ready: true };

/**
 * A thrown value as it crosses: PGlite's DatabaseError fields (SQLSTATE `code`, `severity`,
 * `constraint`…) are own properties that a structured clone of an Error would drop, and
 * Emscripten's ExitStatus is not an Error at all; both must arrive as they were thrown, because
 * the server reads them (sql-errors.ts, storeFailure).
 */
export interface ThreadError {
  isError: boolean;
  name: string;
  message: string;
  stack: string | undefined;
  fields: Record<string, string | number>;
}

export function toThreadError(thrown: unknown): ThreadError {
  if (typeof thrown !== 'object' || thrown === null) {
    return { isError: false, name: 'Error', message: String(thrown), stack: undefined, fields: {} };
  }
  const source = thrown as Record<string, unknown>;
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(source)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return {
    isError: thrown instanceof Error,
    name: typeof source.name === 'string' ? source.name : 'Error',
    message: typeof source.message === 'string' ? source.message : String(thrown),
    stack: typeof source.stack === 'string' ? source.stack : undefined,
    fields,
  };
}

export function fromThreadError(error: ThreadError): unknown {
  if (!error.isError) return { ...error.fields, name: error.name, message: error.message };
  const rebuilt = new Error(error.message);
  Object.assign(rebuilt, error.fields);
  rebuilt.name = error.name;
  if (error.stack) rebuilt.stack = error.stack;
  return rebuilt;
}
