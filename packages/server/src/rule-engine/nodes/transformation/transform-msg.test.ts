import type { JsonValue } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import type { ScriptEngine } from '../../script/engine.js';
import { nodeHarness, testMsg } from '../../testing/node-harness.js';
import { transformMsgNode } from './transform-msg.js';

/**
 * TEST DOUBLE ONLY: runs scripts with `new Function` in this process, without isolation or limits.
 * It stands in for the real ScriptEngine so these tests exercise the node alone.
 */
const unsafeTestScriptEngine: ScriptEngine = {
  async compile(_tenantId, body, argNames) {
    const fn = new Function(...argNames, body) as (...args: JsonValue[]) => unknown;
    return {
      async invoke(args) {
        const result = fn(...args.map((arg) => structuredClone(arg)));
        return (result === undefined ? null : JSON.parse(JSON.stringify(result))) as JsonValue;
      },
      release() {},
    };
  },
};

const run = async (jsScript: string, msg = testMsg({ temperature: 21 })) => {
  const node = await nodeHarness(transformMsgNode, { jsScript }, { scripts: unsafeTestScriptEngine });
  return node.run(msg);
};

describe('script transformation', () => {
  it('the default script passes the message through unchanged, keeping its id', async () => {
    const msg = testMsg({ temperature: 21 });
    const node = await nodeHarness(transformMsgNode, transformMsgNode.defaultConfiguration, {
      scripts: unsafeTestScriptEngine,
    });
    const [output] = await node.run(msg);
    expect(output?.relations).toEqual(['Success']);
    expect(output?.msg.id).toBe(msg.id);
    expect(JSON.parse(output?.msg.data ?? '')).toEqual({ temperature: 21 });
    expect(output?.msg.metadata).toEqual(msg.metadata);
    expect(output?.msg.type).toBe('POST_TELEMETRY_REQUEST');
  });

  it('changes payload, metadata and type; metadata values become strings', async () => {
    const [output] = await run(
      "msg.f = msg.temperature * 9 / 5 + 32; return {msg: msg, metadata: {n: 5, ok: true, o: {a: 1}, gone: null}, msgType: 'CUSTOM'};",
    );
    expect(JSON.parse(output?.msg.data ?? '')).toEqual({ temperature: 21, f: 69.8 });
    expect(output?.msg.metadata).toEqual({ n: '5', ok: 'true', o: '{"a":1}' });
    expect(output?.msg.type).toBe('CUSTOM');
  });

  it('keeps what the result leaves out', async () => {
    const [output] = await run("return {metadata: {a: 'b'}};");
    expect(output?.msg.data).toBe(JSON.stringify({ temperature: 21 }));
    expect(output?.msg.type).toBe('POST_TELEMETRY_REQUEST');
  });

  it('an array result sends several new messages', async () => {
    const msg = testMsg({ temperature: 21 });
    const outputs = await run('return [{msg: {a: 1}}, {msg: {a: 2}}];', msg);
    expect(outputs.map((output) => JSON.parse(output.msg.data))).toEqual([{ a: 1 }, { a: 2 }]);
    expect(outputs.every((output) => output.msg.id !== msg.id)).toBe(true);
    expect(new Set(outputs.map((output) => output.msg.id)).size).toBe(2);
  });

  it('fails on a wrong result', async () => {
    await expect(run('return 5;')).rejects.toThrow('Wrong result type: NUMBER');
    await expect(run('return [];')).rejects.toThrow('The script returned no messages');
    await expect(run("return {metadata: 'x'};")).rejects.toThrow('Wrong result type: metadata is STRING');
    expect(() => transformMsgNode.configure({})).toThrow("'jsScript' must not be empty");
  });
});
