import type { EntityId } from '@meridian/common';
import { afterEach, describe, expect, it } from 'vitest';
import { ComponentStats } from './component-stats.js';

const NODE: EntityId = { entityType: 'RULE_NODE', id: 'n1' };
const CHAIN: EntityId = { entityType: 'RULE_CHAIN', id: 'c1' };

function recorder() {
  const stats: [string, number, number][] = [];
  const errors: [string, string][] = [];
  return {
    stats,
    errors,
    sink: {
      stats: (_t: string, entity: EntityId, processed: number, failed: number) =>
        stats.push([entity.id, processed, failed]),
      error: (_t: string, entity: EntityId, _method: string, error: string | Error) =>
        errors.push([entity.id, String(error)]),
    },
  };
}

const opened: ComponentStats[] = [];
afterEach(() => {
  for (const stats of opened.splice(0)) stats.close();
});

function open(sink: ReturnType<typeof recorder>['sink'], now: () => number, enabled = true) {
  const stats = new ComponentStats(
    sink,
    { enabled, persistFrequencyMs: 3_600_000, errorPersistFrequencyMs: 3000 },
    now,
  );
  opened.push(stats);
  return stats;
}

describe('ComponentStats', () => {
  it('writes each component its counts since the last period, then starts again from zero', () => {
    const r = recorder();
    const stats = open(r.sink, () => 0);
    stats.processed('t', NODE);
    stats.processed('t', NODE);
    stats.processed('t', CHAIN);
    stats.failed('t', NODE, 'onMsg', 'boom');
    stats.persist();
    expect(r.stats).toEqual([
      ['n1', 2, 1],
      ['c1', 1, 0],
    ]);
    stats.persist();
    expect(r.stats).toHaveLength(2);
    stats.processed('t', CHAIN);
    stats.persist();
    expect(r.stats.at(-1)).toEqual(['c1', 1, 0]);
  });

  it('writes at most one error event per node in the error period, but counts every error', () => {
    const r = recorder();
    let now = 10_000;
    const stats = open(r.sink, () => now);
    stats.failed('t', NODE, 'onMsg', 'first');
    now += 1000;
    stats.failed('t', NODE, 'onMsg', 'second');
    now += 2500;
    stats.failed('t', NODE, 'onMsg', 'third');
    expect(r.errors).toEqual([
      ['n1', 'first'],
      ['n1', 'third'],
    ]);
    stats.persist();
    expect(r.stats).toEqual([['n1', 0, 3]]);
  });

  it('records nothing when statistics are off', () => {
    const r = recorder();
    const stats = open(r.sink, () => 0, false);
    stats.processed('t', NODE);
    stats.failed('t', NODE, 'onMsg', 'boom');
    stats.close();
    expect(r.stats).toEqual([]);
    expect(r.errors).toEqual([]);
  });
});
