import type { JsonValue } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import type { ScriptEngine } from '../../script/engine.js';
import { nodeHarness, TEST_TENANT_ID, testMsg } from '../../testing/node-harness.js';
import { jsFilterNode } from './js-filter.js';
import { jsSwitchNode } from './js-switch.js';

/**
 * TEST DOUBLE ONLY: runs scripts with `new Function` in this process, without isolation or limits.
 * It stands in for the real ScriptEngine so these tests exercise the nodes alone.
 */
function unsafeTestScriptEngine(compiled: { tenantId: string; body: string }[] = []): ScriptEngine {
  return {
    async compile(tenantId, body, argNames) {
      compiled.push({ tenantId, body });
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
}

const relationsOf = async (outputs: Promise<{ relations: readonly string[] }[]>) =>
  (await outputs).map((output) => output.relations);

describe('script filter', () => {
  it('runs the default script for the node tenant: True, False', async () => {
    const compiled: { tenantId: string; body: string }[] = [];
    const node = await nodeHarness(jsFilterNode, jsFilterNode.defaultConfiguration, {
      scripts: unsafeTestScriptEngine(compiled),
    });
    expect(compiled).toEqual([{ tenantId: TEST_TENANT_ID, body: 'return msg.temperature > 20;' }]);
    expect(await relationsOf(node.run(testMsg({ temperature: 25 })))).toEqual([['True']]);
    expect(await relationsOf(node.run(testMsg({ temperature: 15 })))).toEqual([['False']]);
  });

  it('sees metadata and msgType', async () => {
    const node = await nodeHarness(
      jsFilterNode,
      { jsScript: "return metadata.deviceName === 'Test device' && msgType === 'POST_TELEMETRY_REQUEST';" },
      { scripts: unsafeTestScriptEngine() },
    );
    expect(await relationsOf(node.run(testMsg({})))).toEqual([['True']]);
  });

  it('fails a message when the result is not a boolean or the script throws', async () => {
    const wrong = await nodeHarness(
      jsFilterNode,
      { jsScript: 'return 1;' },
      { scripts: unsafeTestScriptEngine() },
    );
    await expect(wrong.run(testMsg({}))).rejects.toThrow('Wrong result type: NUMBER');
    const throwing = await nodeHarness(
      jsFilterNode,
      { jsScript: "throw new Error('boom');" },
      { scripts: unsafeTestScriptEngine() },
    );
    await expect(throwing.run(testMsg({}))).rejects.toThrow('boom');
  });

  it('refuses an empty script', () => {
    expect(() => jsFilterNode.configure({ jsScript: '  ' })).toThrow("'jsScript' must not be empty");
  });
});

describe('switch', () => {
  it('routes by the default script', async () => {
    const node = await nodeHarness(jsSwitchNode, jsSwitchNode.defaultConfiguration, {
      scripts: unsafeTestScriptEngine(),
    });
    expect(await relationsOf(node.run(testMsg({})))).toEqual([['two']]);
    expect(await relationsOf(node.run(testMsg({}, { type: 'ALARM' })))).toEqual([['one', 'nine']]);
    expect(jsSwitchNode.customRelations).toBe(true);
  });

  it('takes a single name, and fails anything but names', async () => {
    const single = await nodeHarness(
      jsSwitchNode,
      { jsScript: "return 'High';" },
      { scripts: unsafeTestScriptEngine() },
    );
    expect(await relationsOf(single.run(testMsg({})))).toEqual([['High']]);
    const wrong = await nodeHarness(
      jsSwitchNode,
      { jsScript: 'return [1];' },
      { scripts: unsafeTestScriptEngine() },
    );
    await expect(wrong.run(testMsg({}))).rejects.toThrow('Wrong result type');
    const object = await nodeHarness(
      jsSwitchNode,
      { jsScript: 'return {};' },
      { scripts: unsafeTestScriptEngine() },
    );
    await expect(object.run(testMsg({}))).rejects.toThrow('Wrong result type: OBJECT');
  });
});
