/**
 * CSV parsing for bulk import, with the rules of the reference's parser (commons-csv
 * `CSVFormat.DEFAULT` with the chosen delimiter):
 * - a field that starts with `"` is quoted: it may hold delimiters and line breaks, and `""` stands
 *   for one quote; a quote anywhere else is an ordinary character;
 * - records end at `\r\n`, `\n` or `\r`; empty lines are skipped and not counted;
 * - surrounding spaces are kept.
 * Unlike the reference, a malformed record (text after a closing quote, a quote never closed) does
 * not fail the whole file: the record carries a `problem` and the others are still read.
 */

export interface CsvRecord {
  /** 1-based position among the records of the file (empty lines are not counted). */
  ordinal: number;
  fields: string[];
  /** Why the record is malformed, if it is. */
  problem?: string;
}

const QUOTE = '"';

/** Splits CSV text into records. `delimiter` is one character other than a quote or a line break. */
export function parseCsv(text: string, delimiter: string): CsvRecord[] {
  if (delimiter.length !== 1 || delimiter === QUOTE || delimiter === '\n' || delimiter === '\r') {
    throw new Error(`Unusable CSV delimiter ${JSON.stringify(delimiter)}`);
  }
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const length = source.length;
  const records: CsvRecord[] = [];
  let pos = 0;

  while (pos < length) {
    // An empty line is no record (commons-csv ignoreEmptyLines).
    const first = source[pos];
    if (first === '\n') {
      pos += 1;
      continue;
    }
    if (first === '\r') {
      pos += source[pos + 1] === '\n' ? 2 : 1;
      continue;
    }

    const fields: string[] = [];
    let problem: string | undefined;
    let endOfRecord = false;
    while (!endOfRecord) {
      let value: string;
      if (source[pos] === QUOTE) {
        // Quoted field: up to the next quote that is not doubled.
        let parts = '';
        let cursor = pos + 1;
        let closed = false;
        while (cursor < length) {
          const quote = source.indexOf(QUOTE, cursor);
          if (quote === -1) break;
          parts += source.slice(cursor, quote);
          if (source[quote + 1] === QUOTE) {
            parts += QUOTE;
            cursor = quote + 2;
          } else {
            cursor = quote + 1;
            closed = true;
            break;
          }
        }
        if (!closed) {
          problem ??= 'a quoted value is not closed before the end of the file';
          parts += source.slice(cursor);
          cursor = length;
        }
        pos = cursor;
        // Anything between the closing quote and the next delimiter or line end is malformed; it is
        // kept as text so the rest of the record still lines up.
        const end = nextBoundary(source, pos, delimiter);
        if (end > pos) {
          problem ??= 'unexpected text after a closing quote';
          parts += source.slice(pos, end);
          pos = end;
        }
        value = parts;
      } else {
        const end = nextBoundary(source, pos, delimiter);
        value = source.slice(pos, end);
        pos = end;
      }
      fields.push(value);

      if (pos >= length) {
        endOfRecord = true;
      } else if (source[pos] === delimiter) {
        pos += 1;
        // A delimiter at the very end of the input still opens one last, empty field.
        if (pos >= length) {
          fields.push('');
          endOfRecord = true;
        }
      } else {
        // A line break.
        pos += source[pos] === '\r' && source[pos + 1] === '\n' ? 2 : 1;
        endOfRecord = true;
      }
    }
    records.push({ ordinal: records.length + 1, fields, ...(problem ? { problem } : {}) });
  }
  return records;
}

/** Index of the next delimiter or line break at or after `from` (the length when none). */
function nextBoundary(source: string, from: number, delimiter: string): number {
  for (let i = from; i < source.length; i++) {
    const c = source[i];
    if (c === delimiter || c === '\n' || c === '\r') return i;
  }
  return source.length;
}
