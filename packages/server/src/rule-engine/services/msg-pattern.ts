import type { RuleMsg } from '../message.js';

/**
 * Template substitution of node configurations (the reference's TbNodeUtils.processPattern):
 * `${key}` takes the metadata value of `key`, `$[path]` the value at a dotted path of the JSON
 * payload (`$[a.b]` reads `data.a.b`). A placeholder without a value is left as written, so a
 * missing key shows in the result instead of silently vanishing.
 */
const METADATA_VAR = /\$\{([^}]*)\}/g;
const DATA_VAR = /\$\[(.*?)\]/g;

export function processPattern(pattern: string, msg: RuleMsg): string {
  const withMetadata = processMetadataPattern(pattern, msg.metadata);
  if (!withMetadata.includes('$[')) return withMetadata;
  const data = parsedObject(msg.data);
  if (data === undefined) return withMetadata;
  return withMetadata.replace(DATA_VAR, (whole, path: string) => {
    const value = valueAtPath(data, path);
    return value === undefined ? whole : value;
  });
}

/** Only the `${key}` placeholders, from a metadata map. */
export function processMetadataPattern(pattern: string, metadata: Readonly<Record<string, string>>): string {
  return pattern.replace(METADATA_VAR, (whole, key: string) => {
    const value = Object.hasOwn(metadata, key) ? metadata[key] : undefined;
    return value === undefined ? whole : value;
  });
}

export function processPatterns(patterns: readonly string[], msg: RuleMsg): string[] {
  return patterns.map((pattern) => processPattern(pattern, msg));
}

function parsedObject(data: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(data);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The text of a scalar at a dotted path; undefined for a missing path or a non-scalar (as the reference). */
function valueAtPath(data: Record<string, unknown>, path: string): string | undefined {
  let node: unknown = data;
  for (const key of path.split('.')) {
    if (key === '' || typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
    node = Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined;
  }
  if (node === null) return 'null';
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'boolean') return String(node);
  return undefined;
}
