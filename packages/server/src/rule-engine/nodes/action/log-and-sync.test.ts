import { describe, expect, it } from 'vitest';
import { nodeHarness, testMsg } from '../../testing/node-harness.js';
import { logNode } from './log.js';
import { synchronizationEndNode, synchronizationStartNode } from './synchronization.js';
import { recordingLog, testScripts } from './test-support.js';

describe('log', () => {
  it('logs what the script makes of the message at info and passes it on with Success', async () => {
    const log = recordingLog();
    const scripts = testScripts();
    const node = await nodeHarness(
      logNode,
      {
        jsScript:
          "return 'temperature = ' + msg.temperature + ', device ' + metadata.deviceName + ', ' + msgType;",
      },
      { scripts, log },
    );
    const msg = testMsg({ temperature: 21 });
    expect(await node.run(msg)).toEqual([{ msg, relations: ['Success'] }]);
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatchObject({
      level: 'info',
      message: 'temperature = 21, device Test device, POST_TELEMETRY_REQUEST',
    });
    await node.node.destroy?.();
    expect(scripts.released).toBe(1);
  });

  it('logs with the default script, and fails the message when the script throws', async () => {
    const log = recordingLog();
    const node = await nodeHarness(logNode, logNode.defaultConfiguration, { scripts: testScripts(), log });
    await node.run(testMsg({ a: 1 }));
    expect(log.lines[0]?.message).toBe(
      '\nIncoming message:\n{"a":1}\nIncoming metadata:\n{"deviceName":"Test device","deviceType":"default"}',
    );
    const failing = await nodeHarness(
      logNode,
      { jsScript: 'throw new Error("bad log");' },
      { scripts: testScripts(), log },
    );
    await expect(failing.run(testMsg({}))).rejects.toThrow('bad log');
  });
});

describe('synchronization start / end', () => {
  it('pass every message on with Success', async () => {
    for (const definition of [synchronizationStartNode, synchronizationEndNode]) {
      const node = await nodeHarness(definition, {}, {});
      const msg = testMsg({});
      expect(await node.run(msg)).toEqual([{ msg, relations: ['Success'] }]);
    }
  });
});
