import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxScriptEngine } from './sandbox-engine.js';

const TENANT_A = '2e3b2d10-0000-4000-8000-00000000000a';
const TENANT_B = '2e3b2d10-0000-4000-8000-00000000000b';

let engine: SandboxScriptEngine;
beforeAll(() => {
  engine = new SandboxScriptEngine({ timeLimitMs: 1000 });
});
afterAll(async () => {
  await engine.close();
});

/** Runs a body and answers its result, or the error's message prefixed with "threw: ". */
async function attempt(body: string, tenantId = TENANT_A): Promise<unknown> {
  const script = await engine.compile(tenantId, body, ['msg', 'metadata', 'msgType']);
  try {
    return await script.invoke([{}, {}, 'X']);
  } catch (error) {
    return `threw: ${(error as Error).message}`;
  } finally {
    script.release();
  }
}

describe('tenant scripts cannot reach the host', () => {
  it('has no process, require, module or Node globals', async () => {
    expect(
      await attempt(
        'return [typeof process, typeof require, typeof module, typeof Buffer, typeof global, typeof __dirname];',
      ),
    ).toEqual(['undefined', 'undefined', 'undefined', 'undefined', 'undefined', 'undefined']);
    expect(await attempt('return process.env;')).toMatch(/^threw: ReferenceError: .*process/);
    expect(await attempt('return require("fs");')).toMatch(/^threw: ReferenceError: .*require/);
  });

  it('finds only its own sandbox through constructors and this', async () => {
    expect(await attempt('return typeof globalThis.constructor.constructor("return process")();')).toMatch(
      /^threw: ReferenceError: 'process' is not defined/,
    );
    expect(await attempt('return typeof globalThis.constructor.constructor("return this")().process;')).toBe(
      'undefined',
    );
    expect(await attempt('return typeof this.constructor.constructor("return this")().process;')).toBe(
      'undefined',
    );
    expect(
      await attempt(
        'return Object.getOwnPropertyNames(globalThis).filter(function (k) { return /process|require|fetch|setTimeout|std|os/.test(k); });',
      ),
    ).toEqual([]);
  });

  it('cannot import modules, and eval and Function stay inside the sandbox', async () => {
    // import() answers a promise that never loads anything (no module loader): it crosses as {}.
    expect(await attempt('var p = import("node:fs"); return typeof p.then;')).toBe('function');
    expect(
      await attempt(
        'var out = "pending"; import("node:fs").then(function () { out = "loaded"; }, function (e) { out = "refused"; }); return out;',
      ),
    ).toBe('pending');
    expect(await attempt('return eval("typeof process + typeof require");')).toBe('undefinedundefined');
    expect(await attempt('return (0, eval)("this").constructor === Object;')).toBe(true);
    expect(await attempt('return new Function("return typeof process")();')).toBe('undefined');
  });

  it('has no timers and no network', async () => {
    expect(
      await attempt(
        'return [typeof setTimeout, typeof setInterval, typeof setImmediate, typeof queueMicrotask, typeof fetch, typeof XMLHttpRequest, typeof WebSocket];',
      ),
    ).toEqual(['undefined', 'undefined', 'undefined', 'undefined', 'undefined', 'undefined', 'undefined']);
  });

  it('keeps globals and prototype changes to the script that made them', async () => {
    const polluter = await engine.compile(
      TENANT_A,
      'Object.prototype.polluted = "yes"; Array.prototype.map = function () { return "hijacked"; }; globalThis.shared = 42; JSON.stringify = function () { return "\\"forged\\""; }; return 1;',
      [],
    );
    expect(await polluter.invoke([])).toBe(1);
    const probe =
      'return [({}).polluted === undefined, [1].map(function (x) { return x; })[0], typeof shared];';
    // Another tenant's script, and another script of the same tenant, see none of it.
    expect(await attempt(probe, TENANT_B)).toEqual([true, 1, 'undefined']);
    expect(await attempt(probe, TENANT_A)).toEqual([true, 1, 'undefined']);
    // The polluting script's own result still crosses as true JSON, not through its forged stringify.
    expect(await polluter.invoke([])).toBe(1);
    polluter.release();
  });

  it("receives copies: changing an argument does not change the caller's value", async () => {
    const script = await engine.compile(TENANT_A, 'msg.changed = true; return msg;', ['msg']);
    const input = { value: 1 };
    expect(await script.invoke([input])).toEqual({ value: 1, changed: true });
    expect(input).toEqual({ value: 1 });
    script.release();
  });
});
