import type { RuleMsg } from '../../message.js';

const METADATA_KEY = /\$\{([^}]+)\}/g;
const DATA_KEY = /\$\[([^\]]+)\]/g;

/**
 * The reference's TbNodeUtils.processPattern: `${key}` takes the metadata value, `$[path]` the
 * message data value at a dotted path (objects and arrays as JSON). A placeholder with no value is
 * left as it is, so a misconfigured pattern is visible in what it produces.
 */
export function processPattern(pattern: string, msg: RuleMsg): string {
  let out = pattern.replace(METADATA_KEY, (whole, key: string) => msg.metadata[key] ?? whole);
  if (out.includes('$[')) {
    const data = parsedData(msg);
    out = out.replace(DATA_KEY, (whole, path: string) => {
      const value = valueAt(data, path);
      if (value === undefined || value === null) return whole;
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
    });
  }
  return out;
}

function parsedData(msg: RuleMsg): unknown {
  if (msg.dataType !== 'JSON') return undefined;
  try {
    return JSON.parse(msg.data);
  } catch {
    return undefined;
  }
}

function valueAt(data: unknown, path: string): unknown {
  let current = data;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}
