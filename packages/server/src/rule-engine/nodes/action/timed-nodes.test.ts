// biome-ignore-all lint/suspicious/noTemplateCurlyInString: node configurations use the reference ${metadata} pattern syntax
import { describe, expect, it } from 'vitest';
import { RuleNodeConfigError } from '../../node.js';
import { nodeHarness, TEST_TENANT_ID, testMsg } from '../../testing/node-harness.js';
import { delayNode } from './delay.js';
import { generatorNode } from './generator.js';
import { msgCountNode } from './msg-count.js';
import { testScripts } from './test-support.js';

describe('delay', () => {
  it('holds the message and sends a new copy with Success when the period is over', async () => {
    const node = await nodeHarness(delayNode, { periodInSeconds: 5 }, {});
    const msg = testMsg({ a: 1 });
    expect(await node.run(msg)).toEqual([]);
    expect(node.scheduled.map((s) => s.delayMs)).toEqual([5000]);
    expect(node.enqueued).toEqual([]);
    node.runScheduled();
    expect(node.enqueued).toHaveLength(1);
    const [out] = node.enqueued;
    expect(out?.relations).toEqual(['Success']);
    expect(out?.msg.id).not.toBe(msg.id);
    expect(out?.msg).toMatchObject({
      type: msg.type,
      data: msg.data,
      metadata: msg.metadata,
      originator: msg.originator,
    });
  });

  it('takes the period from the metadata pattern, and fails a message whose period is no number', async () => {
    const node = await nodeHarness(
      delayNode,
      { useMetadataPeriodInSecondsPatterns: true, periodInSecondsPattern: '${delay}' },
      {},
    );
    await node.run(testMsg({}, { metadata: { delay: '3' } }));
    expect(node.scheduled.map((s) => s.delayMs)).toEqual([3000]);
    await expect(node.run(testMsg({}, { metadata: { delay: 'soon' } }))).rejects.toThrow(
      "Can't parse period in seconds from metadata using pattern: ${delay}",
    );
  });

  it('fails messages over maxPendingMsgs, and takes them again once some were sent', async () => {
    const node = await nodeHarness(delayNode, { periodInSeconds: '1', maxPendingMsgs: '2' }, {});
    await node.run(testMsg({ n: 1 }));
    await node.run(testMsg({ n: 2 }));
    await expect(node.run(testMsg({ n: 3 }))).rejects.toThrow('Max limit of pending messages reached!');
    node.runScheduled();
    expect(await node.run(testMsg({ n: 4 }))).toEqual([]);
  });

  it('refuses a pattern configuration without a pattern', () => {
    expect(() => delayNode.configure({ useMetadataPeriodInSecondsPatterns: true })).toThrow(
      RuleNodeConfigError,
    );
  });
});

describe('generator', () => {
  it('sends a generated message every period, the script seeing the previous one', async () => {
    let now = 1_000_000;
    const node = await nodeHarness(
      generatorNode,
      {
        msgCount: 3,
        periodInSeconds: 2,
        jsScript:
          'var n = prevMsg.n === undefined ? 1 : prevMsg.n + 1;\n' +
          "return { msg: { n: n }, metadata: { prevType: prevMsgType, seen: prevMetadata.seen === undefined ? 0 : Number(prevMetadata.seen) + 1 }, msgType: 'CUSTOM' };",
      },
      { scripts: testScripts(), now: () => now },
    );
    expect(node.scheduled.map((s) => s.delayMs)).toEqual([2000]);
    for (let i = 0; i < 5; i++) {
      now += 2000;
      const tasks = node.scheduled.splice(0);
      for (const { task } of tasks) task();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(node.enqueued.map((o) => JSON.parse(o.msg.data).n)).toEqual([1, 2, 3]);
    const [first, second] = node.enqueued;
    expect(first?.relations).toEqual(['Success']);
    expect(first?.msg).toMatchObject({ type: 'CUSTOM', originator: { entityType: 'RULE_NODE' } });
    expect(first?.msg.metadata).toEqual({ prevType: '', seen: '0' });
    expect(second?.msg.metadata).toEqual({ prevType: 'CUSTOM', seen: '1' });
    // msgCount reached: nothing more is scheduled.
    expect(node.scheduled).toEqual([]);
  });

  it('sends the previous message to Failure when the script fails, and keeps generating', async () => {
    const node = await nodeHarness(
      generatorNode,
      { jsScript: "if (prevMsgType === '') throw new Error('first fails'); return {msg: {}, msgType: 'X'};" },
      { scripts: testScripts() },
    );
    node.runScheduled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(node.enqueued[0]?.relations).toEqual(['Failure']);
    expect(node.enqueued[0]?.msg.metadata.error).toContain('first fails');
    expect(node.scheduled).toHaveLength(1);
  });

  it('has no input, and refuses an originator without a type', async () => {
    expect(generatorNode.inEnabled).toBe(false);
    expect(() =>
      generatorNode.configure({
        originatorId: '6c000000-1dd2-11b2-8080-808080808080',
        originatorType: 'THING',
      }),
    ).toThrow("'originatorType' must be an entity type");
    expect(() => generatorNode.configure({ periodInSeconds: 0 })).toThrow(RuleNodeConfigError);
  });
});

describe('message count', () => {
  it('consumes messages and sends their count as tenant telemetry every interval', async () => {
    let now = 5_000;
    const node = await nodeHarness(
      msgCountNode,
      { interval: '10', telemetryPrefix: 'count' },
      { now: () => now, serviceId: 'node-1' },
    );
    expect(await node.run(testMsg({}))).toEqual([]);
    await node.run(testMsg({}));
    await node.run(testMsg({}));
    expect(node.scheduled.map((s) => s.delayMs)).toEqual([10_000]);
    now += 10_000;
    node.runScheduled();
    const [out] = node.enqueued;
    expect(out?.relations).toEqual(['Success']);
    expect(out?.msg).toMatchObject({
      type: 'POST_TELEMETRY_REQUEST',
      originator: { entityType: 'TENANT', id: TEST_TENANT_ID },
      metadata: { delta: '10000' },
    });
    expect(JSON.parse(out?.msg.data ?? '')).toEqual({ 'count_node-1': 3 });
    // The count starts again.
    now += 10_000;
    node.runScheduled();
    expect(JSON.parse(node.enqueued[1]?.msg.data ?? '')).toEqual({ 'count_node-1': 0 });
  });
});
