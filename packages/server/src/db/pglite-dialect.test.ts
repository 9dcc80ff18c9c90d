import { describe, expect, it } from 'vitest';
import { storeFailure } from './pglite-dialect.js';

describe('storeFailure', () => {
  it('counts a WebAssembly failure, a closed or closing instance and an exit of PostgreSQL', () => {
    const runtime = new Error('table index is out of bounds');
    runtime.name = 'RuntimeError';
    expect(storeFailure(runtime)).toBe(runtime);
    expect(storeFailure(new Error('PGlite is closed'))?.message).toBe('PGlite is closed');
    expect(storeFailure(new Error('PGlite is closing'))?.message).toBe('PGlite is closing');
    // Emscripten's ExitStatus is no Error; it is reported as one.
    const exit = storeFailure({ name: 'ExitStatus', message: 'Program terminated with exit(1)', status: 1 });
    expect(exit).toBeInstanceOf(Error);
    expect(exit).toMatchObject({ name: 'ExitStatus', message: 'Program terminated with exit(1)' });
  });

  it('leaves SQL errors and anything else alone', () => {
    expect(
      storeFailure(new Error('duplicate key value violates unique constraint "device_pkey"')),
    ).toBeUndefined();
    expect(storeFailure(new Error('PGlite is closed for maintenance'))).toBeUndefined();
    expect(storeFailure('PGlite is closed')).toBeUndefined();
    expect(storeFailure(undefined)).toBeUndefined();
  });
});
