import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ScriptCompileError,
  ScriptError,
  ScriptMemoryError,
  ScriptRuntimeError,
  ScriptTimeoutError,
} from './engine.js';
import { SandboxScriptEngine } from './sandbox-engine.js';

const TENANT_A = '1e3b2d10-0000-4000-8000-00000000000a';
const TENANT_B = '1e3b2d10-0000-4000-8000-00000000000b';
const ARGS = ['msg', 'metadata', 'msgType'] as const;

let engine: SandboxScriptEngine;

beforeAll(() => {
  engine = new SandboxScriptEngine({
    timeLimitMs: 300,
    memoryLimitBytes: 16 * 1024 * 1024,
    watchdogGraceMs: 1500,
  });
});
afterAll(async () => {
  await engine.close();
});

async function run(body: string, args: unknown[] = [{}, {}, 'POST_TELEMETRY_REQUEST'], tenantId = TENANT_A) {
  const script = await engine.compile(tenantId, body, ARGS);
  try {
    return await script.invoke(args as never);
  } finally {
    script.release();
  }
}

describe('SandboxScriptEngine: values', () => {
  it('passes arguments and results as JSON, both ways', async () => {
    const script = await engine.compile(
      TENANT_A,
      'msg.temperature = msg.temperature * 2; metadata.seen = "yes"; return {msg: msg, metadata: metadata, msgType: msgType + "_X"};',
      ARGS,
    );
    const result = await script.invoke([
      { temperature: 21.5, nested: { list: [1, 'two', null, true] } },
      { deviceName: 'Thermostat A' },
      'POST_TELEMETRY_REQUEST',
    ]);
    expect(result).toEqual({
      msg: { temperature: 43, nested: { list: [1, 'two', null, true] } },
      metadata: { deviceName: 'Thermostat A', seen: 'yes' },
      msgType: 'POST_TELEMETRY_REQUEST_X',
    });
    script.release();
  });

  it('answers null for undefined and functions, and strings, booleans and arrays as they are', async () => {
    expect(await run('return;')).toBeNull();
    expect(await run('return function () {};')).toBeNull();
    expect(await run('return msgType;')).toBe('POST_TELEMETRY_REQUEST');
    expect(await run('return msg.t > 20;', [{ t: 25 }, {}, 'X'])).toBe(true);
    expect(await run('return ["a", "b"];')).toEqual(['a', 'b']);
    expect(await run('return msg;', ['raw text, not JSON', {}, 'X'])).toBe('raw text, not JSON');
  });

  it('offers JSON, Math, Date, String and Array methods', async () => {
    const result = await run(
      `var d = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));
       return [JSON.stringify({a: [1, 2]}), Math.max(3, 9), d.toISOString(), "ab".padStart(4, "-"),
               [3, 1, 2].sort().map(function (x) { return x * 10; }).filter(x => x > 10).join(","),
               "a,b".split(","), Object.keys({k: 1}), parseFloat("2.5"), new Map([[1, 2]]).size];`,
    );
    expect(result).toEqual([
      '{"a":[1,2]}',
      9,
      '2026-01-02T03:04:05.000Z',
      '--ab',
      '20,30',
      ['a', 'b'],
      ['k'],
      2.5,
      1,
    ]);
  });

  it('shares compiles of the same body and frees the script with its last release', async () => {
    const before = engine.scriptCount;
    const first = await engine.compile(TENANT_A, 'return 1;', ARGS);
    const second = await engine.compile(TENANT_A, 'return 1;', ARGS);
    const otherTenant = await engine.compile(TENANT_B, 'return 1;', ARGS);
    expect(engine.scriptCount).toBe(before + 2);
    first.release();
    first.release();
    expect(await second.invoke([{}, {}, 'X'])).toBe(1);
    second.release();
    otherTenant.release();
    expect(engine.scriptCount).toBe(before);
    await expect(second.invoke([{}, {}, 'X'])).rejects.toThrow(ScriptError);
  });
});

describe('SandboxScriptEngine: errors', () => {
  it('reports a syntax error with its line and column in the body', async () => {
    const error = await engine.compile(TENANT_A, 'var a = 1;\nvar b = a +;\nreturn b;', ARGS).catch((e) => e);
    expect(error).toBeInstanceOf(ScriptCompileError);
    expect(error.line).toBe(2);
    expect(error.column).toBe(12);
    expect(error.message).toMatch(/SyntaxError: .*line 2, column 12/);
  });

  it('refuses argument names that are not identifiers', async () => {
    await expect(engine.compile(TENANT_A, 'return 1;', ['msg) { return 2; } (function (x'])).rejects.toThrow(
      ScriptCompileError,
    );
  });

  it('refuses a body that closes the function wrapper into something else', async () => {
    await expect(engine.compile(TENANT_A, 'return 1; }), 42, (0', ARGS)).rejects.toThrow(
      /not a function body|SyntaxError/,
    );
  });

  it('carries the message of what the script throws', async () => {
    await expect(run('throw new Error("temperature missing");')).rejects.toThrow(
      /Error: temperature missing \(line 1, column \d+\)/,
    );
    await expect(run('throw "plain text";')).rejects.toThrow('plain text');
    const error = await run('var x = null;\nreturn x.field;').catch((e) => e);
    expect(error).toBeInstanceOf(ScriptRuntimeError);
    expect(error.message).toMatch(/TypeError: .*line 2/);
  });

  it('fails deep recursion with a stack overflow, not the server', async () => {
    await expect(run('function f(n) { return f(n + 1) + 1; } return f(0);')).rejects.toThrow(
      /stack overflow/,
    );
    await expect(run('return JSON.parse("[".repeat(200000));')).rejects.toThrow(ScriptRuntimeError);
    expect(await run('return "still here";')).toBe('still here');
  });
});

describe('SandboxScriptEngine: limits', () => {
  it('times an endless loop out, and the same and other scripts keep working', async () => {
    const looping = await engine.compile(TENANT_A, 'if (msg.loop) { while (true) {} } return "done";', ARGS);
    const other = await engine.compile(TENANT_B, 'return msg.value + 1;', ARGS);
    const started = Date.now();
    await expect(looping.invoke([{ loop: true }, {}, 'X'])).rejects.toThrow(ScriptTimeoutError);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await looping.invoke([{ loop: false }, {}, 'X'])).toBe('done');
    expect(await other.invoke([{ value: 41 }, {}, 'X'])).toBe(42);
    looping.release();
    other.release();
  });

  it('fails a memory bomb with a memory error, frees what it held, and others keep working', async () => {
    const small = new SandboxScriptEngine({ timeLimitMs: 5000, memoryLimitBytes: 8 * 1024 * 1024 });
    try {
      const bomb = await small.compile(
        TENANT_A,
        'if (msg.bomb) { globalThis.kept = []; for (;;) kept.push("xxxxxxxxxxxxxxxxxxxxxxxx" + kept.length); } return typeof kept;',
        ARGS,
      );
      const other = await small.compile(TENANT_A, 'return msg.value * 2;', ARGS);
      await expect(bomb.invoke([{ bomb: true }, {}, 'X'])).rejects.toThrow(ScriptMemoryError);
      // The bomb's context was freed with its globals: the next call starts clean.
      expect(await bomb.invoke([{ bomb: false }, {}, 'X'])).toBe('undefined');
      expect(await other.invoke([{ value: 21 }, {}, 'X'])).toBe(42);
      const doubling = await small.compile(TENANT_B, 'var s = "x"; for (;;) s = s + s;', ARGS);
      await expect(doubling.invoke([])).rejects.toThrow(ScriptMemoryError);
      expect(await other.invoke([{ value: 1 }, {}, 'X'])).toBe(2);
    } finally {
      await small.close();
    }
  });

  it('blocks a script after three time-outs, as the reference', async () => {
    const strict = new SandboxScriptEngine({ timeLimitMs: 100, maxErrors: 3, blockMs: 60_000 });
    try {
      const looping = await strict.compile(TENANT_A, 'while (true) {}', ARGS);
      for (let i = 0; i < 3; i++) await expect(looping.invoke([])).rejects.toThrow(ScriptTimeoutError);
      await expect(looping.invoke([])).rejects.toThrow(
        'Script invocation is blocked due to maximum error count 3!',
      );
    } finally {
      await strict.close();
    }
  });

  it('replaces a broken worker and compiles the other scripts again, transparently', async () => {
    const reasons: string[] = [];
    // Long enough for QuickJS to run the 100,000 promise jobs the host allows before it gives up,
    // even on a busy machine.
    const own = new SandboxScriptEngine({
      timeLimitMs: 10_000,
      onWorkerReplaced: (reason) => reasons.push(reason),
    });
    try {
      const other = await own.compile(TENANT_B, 'return msg.value + 1;', ARGS);
      expect(await other.invoke([{ value: 1 }, {}, 'X'])).toBe(2);
      // A promise job queue that never empties keeps QuickJS from freeing the tenant's runtime:
      // the worker gives up and is replaced.
      const endless = await own.compile(
        TENANT_A,
        'function f() { Promise.resolve().then(f); } f(); return 1;',
        ARGS,
      );
      expect(await endless.invoke([])).toBe(1);
      endless.release();
      await expect.poll(() => reasons.length, { timeout: 15_000 }).toBe(1);
      expect(await other.invoke([{ value: 2 }, {}, 'X'])).toBe(3);
    } finally {
      await own.close();
    }
  });

  it('stops an idle worker and compiles its scripts again when they are next called', async () => {
    const idle = new SandboxScriptEngine({ idleStopMs: 200 });
    try {
      const script = await idle.compile(
        TENANT_A,
        'globalThis.calls = (globalThis.calls || 0) + 1; return calls;',
        [],
      );
      expect(await script.invoke([])).toBe(1);
      expect(idle.runningWorkers).toBe(1);
      await expect.poll(() => idle.runningWorkers, { timeout: 3000 }).toBe(0);
      // A new worker, a fresh context: the script starts over.
      expect(await script.invoke([])).toBe(1);
      expect(idle.runningWorkers).toBe(1);
      script.release();
    } finally {
      await idle.close();
    }
  });

  it('compiles and runs 1,000 distinct scripts and frees them all', async () => {
    const before = engine.scriptCount;
    const started = performance.now();
    const scripts = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => engine.compile(TENANT_A, `return msg.value > ${i};`, ARGS)),
    );
    const results = await Promise.all(scripts.map((script) => script.invoke([{ value: 500 }, {}, 'X'])));
    const elapsed = performance.now() - started;
    expect(results.filter((r) => r === true)).toHaveLength(500);
    for (const script of scripts) script.release();
    expect(engine.scriptCount).toBe(before);
    // Generous for a shared CI machine; bench/script-sandbox.mjs measures it properly.
    expect(elapsed).toBeLessThan(10_000);
  });
});
