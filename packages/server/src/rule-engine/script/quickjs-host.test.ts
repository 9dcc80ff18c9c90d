import { describe, expect, it } from 'vitest';
import { QuickJsHost } from './quickjs-host.js';

describe('QuickJsHost', () => {
  it('frees contexts and tenant runtimes when 1,000 scripts are released', async () => {
    const host = await QuickJsHost.create({
      timeLimitMs: 5000,
      memoryLimitBytes: 64 * 1024 * 1024,
      maxStackBytes: 1024 * 1024,
    });
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 1000; i++) {
        const tenant = `tenant-${i % 10}`;
        expect(host.compile(i, tenant, `return msg.value + ${i};`, ['msg']).ok).toBe(true);
        expect(host.invoke(i, '[{"value":1}]')).toEqual({ ok: true, resultJson: String(i + 1) });
      }
      expect(host.scriptCount).toBe(1000);
      expect(host.runtimeCount).toBe(10);
      for (let i = 0; i < 1000; i++) host.release(i);
      expect(host.scriptCount).toBe(0);
      expect(host.runtimeCount).toBe(0);
    }
    // Released scripts answer an error, not a crash.
    expect(host.invoke(1, '[]')).toMatchObject({ ok: false, kind: 'runtime' });
  });

  it('compiles each script again into a fresh context after a memory error', async () => {
    const host = await QuickJsHost.create({
      timeLimitMs: 5000,
      memoryLimitBytes: 4 * 1024 * 1024,
      maxStackBytes: 1024 * 1024,
    });
    host.compile(
      1,
      't',
      'if (fill) { globalThis.k = []; for (;;) k.push("xxxxxxxxxxxxxxxx" + k.length); } return typeof k;',
      ['fill'],
    );
    expect(host.invoke(1, '[true]')).toMatchObject({ ok: false, kind: 'memory' });
    expect(host.invoke(1, '[false]')).toEqual({ ok: true, resultJson: '"undefined"' });
  });
});
