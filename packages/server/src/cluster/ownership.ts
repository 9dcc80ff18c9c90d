/** 32-bit FNV-1a of a text: cheap and stable across nodes and restarts. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The node that owns `key` among `nodes`: rendezvous (highest random weight) hashing, so every
 * node computes the same owner from the same live nodes, and a node joining or leaving moves
 * only the keys it wins or held.
 */
export function rendezvousOwner(key: string, nodes: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestWeight = -1;
  for (const node of nodes) {
    const weight = fnv1a(`${node}\u0000${key}`);
    if (weight > bestWeight || (weight === bestWeight && best !== undefined && node < best)) {
      best = node;
      bestWeight = weight;
    }
  }
  return best;
}
