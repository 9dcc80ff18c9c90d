import { describe, expect, it } from 'vitest';
import { rendezvousOwner } from './ownership.js';

describe('rendezvous ownership', () => {
  const keys = Array.from({ length: 3000 }, (_, i) => `device-${i}`);

  it('gives every key one owner among the nodes, spread evenly', () => {
    const nodes = ['node1', 'node2', 'node3'];
    const counts = new Map<string, number>();
    for (const key of keys) {
      const owner = rendezvousOwner(key, nodes) as string;
      expect(nodes).toContain(owner);
      counts.set(owner, (counts.get(owner) ?? 0) + 1);
    }
    for (const node of nodes) expect(counts.get(node)).toBeGreaterThan(800);
    expect(rendezvousOwner('x', [])).toBeNull();
  });

  it('moves only the keys of a node that leaves, and the order of nodes does not matter', () => {
    const before = keys.map((key) => rendezvousOwner(key, ['node1', 'node2', 'node3']));
    const after = keys.map((key) => rendezvousOwner(key, ['node3', 'node1']));
    keys.forEach((_, i) => {
      if (before[i] !== 'node2') expect(after[i]).toBe(before[i]);
      else expect(['node1', 'node3']).toContain(after[i]);
    });
  });
});
