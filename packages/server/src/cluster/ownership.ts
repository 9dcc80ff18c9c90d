import { fnv1a } from '../rule-engine/queue/pack-processor.js';

/** murmur3's finaliser: FNV-1a alone spreads similar short strings (node ids, keys) poorly. */
function mix(h: number): number {
  let x = h;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/**
 * The node that owns `key` among `nodes`: rendezvous (highest random weight) hashing, so every
 * node computes the same owner from the same live nodes, and a node joining or leaving moves
 * only the keys it wins or held. Queue partitions, device inactivity and persistent RPCs use it.
 */
export function rendezvousOwner(key: string, nodes: readonly string[]): string | null {
  let best: string | null = null;
  let bestWeight = -1;
  for (const node of nodes) {
    const weight = mix(fnv1a(`${node}\u0000${key}`));
    if (weight > bestWeight || (weight === bestWeight && best !== null && node < best)) {
      best = node;
      bestWeight = weight;
    }
  }
  return best;
}
