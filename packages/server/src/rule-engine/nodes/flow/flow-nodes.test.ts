import { describe, expect, it } from 'vitest';
import { RuleNodeConfigError } from '../../node.js';
import { nodeHarness, testMsg } from '../../testing/node-harness.js';
import { ackNode } from './ack.js';
import { checkpointNode } from './checkpoint.js';

describe('acknowledge', () => {
  it('passes the message on with Success', async () => {
    const node = await nodeHarness(ackNode, {}, {});
    const msg = testMsg({ a: 1 });
    expect(await node.run(msg)).toEqual([{ msg, relations: ['Success'] }]);
  });
});

describe('checkpoint', () => {
  it('answers the message moved to the configured queue, with Success', async () => {
    const node = await nodeHarness(checkpointNode, { queueName: 'SequentialByOriginator' }, {});
    const msg = testMsg({ a: 1 });
    const [out] = await node.run(msg);
    expect(out?.relations).toEqual(['Success']);
    expect(out?.msg).toEqual({ ...msg, queueName: 'SequentialByOriginator' });
    expect(msg.queueName).toBe('Main');
  });

  it('defaults to HighPriority and refuses an empty queue name', () => {
    expect(checkpointNode.configure({})).toEqual({ queueName: 'HighPriority' });
    expect(() => checkpointNode.configure({ queueName: ' ' })).toThrow(RuleNodeConfigError);
  });
});
