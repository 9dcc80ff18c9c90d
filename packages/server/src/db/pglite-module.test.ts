import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { patchBufferOptions } from './pglite-module.js';
import { openStore } from './store.js';

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('patchBufferOptions', () => {
  const binary = Buffer.from('\x00asm..temp_buffers=8MB\0shared_buffers=128MB\0wal_buffers=4MB\0', 'latin1');

  it('rewrites the baked option in place, padded with NULs', () => {
    const patched = patchBufferOptions(binary, '16MB');
    expect(patched?.length).toBe(binary.length);
    expect(text(patched as Uint8Array)).toBe(
      '\x00asm..temp_buffers=8MB\0shared_buffers=16MB\0\0wal_buffers=-1\0\0',
    );
    expect(text(patchBufferOptions(binary, '512kB') as Uint8Array)).toContain('shared_buffers=512kB\0wal');
  });

  it('patches shared_buffers alone when the WAL buffers are not baked in', () => {
    const withoutWal = Buffer.from('\x00asm..shared_buffers=128MB\0work_mem=4MB\0', 'latin1');
    expect(text(patchBufferOptions(withoutWal, '8MB') as Uint8Array)).toBe(
      '\x00asm..shared_buffers=8MB\0\0\0work_mem=4MB\0',
    );
  });

  it('leaves the input untouched', () => {
    const before = text(binary);
    patchBufferOptions(binary, '8MB');
    expect(text(binary)).toBe(before);
  });

  it('gives up when the option is missing or ambiguous', () => {
    expect(patchBufferOptions(Buffer.from('shared_buffers=64MB\0'), '8MB')).toBeUndefined();
    const twice = Buffer.concat([binary, binary]);
    expect(patchBufferOptions(twice, '8MB')).toBeUndefined();
  });

  it('refuses values that do not fit or are not sizes', () => {
    for (const bad of ['1024kB', '16GB', '0MB', '16', 'x', '16MB;--'])
      expect(() => patchBufferOptions(binary, bad), bad).toThrow(/shared_buffers must be like 16MB/);
  });
});

describe('embedded store', () => {
  it('runs with the configured shared_buffers and WAL buffers sized from them', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'meridian-pglite-module-'));
    const notices: string[] = [];
    const store = await openStore({
      databaseUrl: undefined,
      dataDir,
      embeddedSharedBuffers: '8MB',
      onEmbeddedNotice: (message) => notices.push(message),
    });
    try {
      const { rows } = await sql<{ sharedBuffers: string }>`show shared_buffers`.execute(store.db);
      expect(rows[0]?.sharedBuffers).toBe('8MB');
      // PostgreSQL's own -1: 1/32 of shared_buffers (PGlite bakes in 4MB).
      const wal = await sql<{ walBuffers: string }>`show wal_buffers`.execute(store.db);
      expect(wal.rows[0]?.walBuffers).toBe('256kB');
      expect(notices).toEqual([]);
    } finally {
      await store.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
