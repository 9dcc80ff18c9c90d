import { describe, expect, it } from 'vitest';
import { afterMicrotasks } from '../testing/microtasks.js';
import { PartitionedQueue, type QueueItem } from './partitioned-queue.js';
import { DEFAULT_QUEUES } from './queue-config.js';

const MAIN = { ...(DEFAULT_QUEUES[0] as (typeof DEFAULT_QUEUES)[number]), partitions: 1 };

function item(onSettled: () => void): QueueItem {
  return {
    partitionKey: 'device',
    originatorKey: 'device',
    tenantKey: 'tenant',
    process: () => Promise.resolve(),
    settle: onSettled,
  };
}

describe('PartitionedQueue', () => {
  it('takes an item that comes at any moment while its partition finishes the last pack', async () => {
    // The second item comes 0, 1, 2… microtasks after the first settled: one of these moments is
    // the step in which the partition's drain ends.
    for (let ticks = 0; ticks < 40; ticks++) {
      const queue = new PartitionedQueue(MAIN);
      const second = new Promise<string>((resolve) => {
        queue.add(item(() => afterMicrotasks(ticks, () => queue.add(item(() => resolve('settled'))))));
      });
      const outcome = await Promise.race([
        second,
        new Promise<string>((resolve) => setTimeout(() => resolve('left behind'), 100)),
      ]);
      expect(outcome, `second item ${ticks} microtasks after the first`).toBe('settled');
      await queue.close();
    }
  });
});
