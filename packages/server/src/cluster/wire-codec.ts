/**
 * JSON for what crosses nodes. Telemetry carries 64-bit integers as bigint, which JSON has no
 * form for: they travel as `{"$bigint":"…"}` and come back as bigint. Nothing else of ours is an
 * object with that single key (JSON values travel as text), so the marker cannot be mistaken.
 */
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function encodeWire(value: unknown): Uint8Array {
  return encoder.encode(
    JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? { $bigint: v.toString() } : v)),
  );
}

export function decodeWire<T>(bytes: Uint8Array): T {
  return JSON.parse(decoder.decode(bytes), (_key, v: unknown) => {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      const big = (v as { $bigint?: unknown }).$bigint;
      if (typeof big === 'string' && Object.keys(v).length === 1) return BigInt(big);
    }
    return v;
  }) as T;
}
