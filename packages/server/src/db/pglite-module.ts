import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import type { PGliteOptions } from '@electric-sql/pglite';

type WasmModule = NonNullable<PGliteOptions['wasmModule']>;
// Node's own WebAssembly; @types/node 20 does not declare it.
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } })
  .WebAssembly;

/**
 * PGlite starts its single-user PostgreSQL with `-c shared_buffers=128MB` compiled into the WASM
 * binary, ahead of postgresql.conf, and Emscripten zeroes that shared memory at start-up, so an
 * idle embedded store held ~150 MB of zero pages (decision 0013). The option string sits in the
 * binary's data segment; this loader rewrites it in place (same length, NUL-padded) and compiles the
 * patched binary once per process, so every store of the process shares the compiled code.
 * The WAL buffers baked beside it (`wal_buffers=4MB`, also zeroed at start-up) go back to
 * PostgreSQL's own default, -1: 1/32 of shared_buffers, 256 kB with 8 MB (2-3 MB less idle memory,
 * ingest alike: bench/README.md, "2026-12-01 (fast EPYC)").
 */
const BAKED_SHARED_BUFFERS = 'shared_buffers=128MB';
const BAKED_WAL_BUFFERS = 'wal_buffers=4MB';

/** A shared_buffers value that fits in place of `128MB`: up to five characters, kB or MB. */
export const SHARED_BUFFERS_PATTERN = /^(?=.{1,5}$)[1-9]\d*(kB|MB)$/;

export type PgliteModule = { patched: true; module: WasmModule } | { patched: false; reason: string };

const compiled = new Map<string, Promise<PgliteModule>>();

/**
 * Rewrites the baked `shared_buffers` option of a PGlite binary, and its `wal_buffers` when that is
 * there; undefined when `shared_buffers` is not.
 */
export function patchBufferOptions(wasm: Uint8Array, sharedBuffers: string): Uint8Array | undefined {
  if (!SHARED_BUFFERS_PATTERN.test(sharedBuffers))
    throw new Error(
      `shared_buffers must be like 16MB or 512kB (at most 5 characters), got '${sharedBuffers}'`,
    );
  const bytes = Buffer.from(wasm);
  if (!replaceOnce(bytes, BAKED_SHARED_BUFFERS, `shared_buffers=${sharedBuffers}`)) return undefined;
  replaceOnce(bytes, BAKED_WAL_BUFFERS, 'wal_buffers=-1');
  return bytes;
}

/** Rewrites the NUL-terminated `baked` in place when it occurs once; whether it did. */
function replaceOnce(bytes: Buffer, baked: string, option: string): boolean {
  const terminated = Buffer.from(`${baked}\0`);
  const at = bytes.indexOf(terminated);
  if (at < 0 || bytes.indexOf(terminated, at + 1) >= 0) return false;
  Buffer.from(option.padEnd(terminated.length, '\0')).copy(bytes, at);
  return true;
}

/** The compiled PGlite binary with the given shared_buffers, or why the stock one must be used. */
export function pgliteModule(sharedBuffers: string): Promise<PgliteModule> {
  let entry = compiled.get(sharedBuffers);
  if (!entry) {
    entry = load(sharedBuffers);
    compiled.set(sharedBuffers, entry);
  }
  return entry;
}

async function load(sharedBuffers: string): Promise<PgliteModule> {
  // Liftoff, V8's baseline WebAssembly compiler, only: optimizing PostgreSQL's hot functions with
  // TurboFan left ~100 MB of compiler memory in malloc arenas for the life of the process, for no
  // measurable gain on the store's work (decision 0013). PGlite is the only large WASM module here.
  v8.setFlagsFromString('--liftoff-only');
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const wasmPath = path.join(path.dirname(entry), 'pglite.wasm');
  const patched = patchBufferOptions(await fs.readFile(wasmPath), sharedBuffers);
  if (!patched) return { patched: false, reason: `'${BAKED_SHARED_BUFFERS}' not found once in ${wasmPath}` };
  return { patched: true, module: await wasm.compile(patched) };
}
