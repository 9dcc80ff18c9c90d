import type { JsonValue } from '@meridian/common';

/**
 * JSON text as Jackson's default pretty printer writes it, which the reference's script test
 * answers with: objects one field a line indented by two spaces with ` : ` between name and value,
 * arrays on one line (`[ 1, 2 ]`, not indenting what they hold), `{ }` and `[ ]` when empty.
 */
export function jacksonPretty(value: JsonValue): string {
  return write(value, 0);
}

function write(value: JsonValue, depth: number): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '[ ]';
    // Jackson's array indenter is inline: it does not deepen the nesting of what the array holds.
    return `[ ${value.map((item) => write(item, depth)).join(', ')} ]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{ }';
    const inner = '  '.repeat(depth + 1);
    const fields = entries.map(([key, item]) => `${inner}${JSON.stringify(key)} : ${write(item, depth + 1)}`);
    return `{\n${fields.join(',\n')}\n${'  '.repeat(depth)}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The reference's name for a result's JSON type (Jackson's JsonNodeType), used in "Wrong result type". */
export function jacksonTypeName(value: JsonValue | undefined): string {
  if (value === undefined) return 'MISSING';
  if (value === null) return 'NULL';
  if (Array.isArray(value)) return 'ARRAY';
  switch (typeof value) {
    case 'string':
      return 'STRING';
    case 'number':
      return 'NUMBER';
    case 'boolean':
      return 'BOOLEAN';
    default:
      return 'OBJECT';
  }
}
