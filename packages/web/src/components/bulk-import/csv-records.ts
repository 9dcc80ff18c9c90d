/**
 * Splits CSV text into records the way the server's bulk import reads it (commons-csv
 * `CSVFormat.DEFAULT` with the chosen delimiter, as in the reference):
 * - a field that starts with `"` is quoted: it may hold delimiters and line breaks, and `""` stands
 *   for one quote; a quote anywhere else is an ordinary character;
 * - records end at `\r\n`, `\n` or `\r`; empty lines are skipped and not counted;
 * - a leading byte order mark is dropped; surrounding spaces are kept.
 *
 * Each record keeps its raw text, so the wizard can send the file in parts that the server reads
 * exactly as it would read the whole file; and its ordinal, the line number the server reports for
 * it when the whole file is sent (header line included, empty lines not counted).
 */

export interface CsvRecord {
  /** 1-based position among the records of the file. */
  ordinal: number;
  fields: string[];
  /** The record's text without its line break. */
  raw: string;
}

const QUOTE = '"';

/** The delimiters the wizard offers (reference import configuration). */
export const CSV_DELIMITERS = [',', ';', '|', '\t'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/** Index of the next delimiter or line break at or after `from` (the length when none). */
function nextBoundary(source: string, from: number, delimiter: string): number {
  for (let i = from; i < source.length; i++) {
    const c = source[i];
    if (c === delimiter || c === '\n' || c === '\r') return i;
  }
  return source.length;
}

/** End of a quoted field that opens at `pos`: just after its closing quote (or the text's end). */
function quotedEnd(source: string, pos: number): { end: number; value: string } {
  let value = '';
  let cursor = pos + 1;
  while (cursor < source.length) {
    const quote = source.indexOf(QUOTE, cursor);
    if (quote === -1) break;
    value += source.slice(cursor, quote);
    if (source[quote + 1] === QUOTE) {
      value += QUOTE;
      cursor = quote + 2;
    } else {
      return { end: quote + 1, value };
    }
  }
  // Never closed: the value runs to the end of the text.
  return { end: source.length, value: value + source.slice(cursor) };
}

/**
 * The records of `text`. With `limit`, stops after that many records (enough to show samples of a
 * large file without reading it all).
 */
export function parseCsvRecords(
  text: string,
  delimiter: string,
  limit = Number.POSITIVE_INFINITY,
): CsvRecord[] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const length = source.length;
  const records: CsvRecord[] = [];
  let pos = 0;
  while (pos < length && records.length < limit) {
    const first = source[pos];
    if (first === '\n') {
      pos += 1;
      continue;
    }
    if (first === '\r') {
      pos += source[pos + 1] === '\n' ? 2 : 1;
      continue;
    }
    const start = pos;
    const fields: string[] = [];
    let recordEnd = -1;
    while (recordEnd < 0) {
      let value: string;
      if (source[pos] === QUOTE) {
        const quoted = quotedEnd(source, pos);
        pos = quoted.end;
        // Text between a closing quote and the next boundary stays part of the value.
        const end = nextBoundary(source, pos, delimiter);
        value = quoted.value + source.slice(pos, end);
        pos = end;
      } else {
        const end = nextBoundary(source, pos, delimiter);
        value = source.slice(pos, end);
        pos = end;
      }
      fields.push(value);
      if (pos >= length) {
        recordEnd = length;
      } else if (source[pos] === delimiter) {
        pos += 1;
        if (pos >= length) {
          fields.push('');
          recordEnd = length;
        }
      } else {
        recordEnd = pos;
        pos += source[pos] === '\r' && source[pos + 1] === '\n' ? 2 : 1;
      }
    }
    records.push({ ordinal: records.length + 1, fields, raw: source.slice(start, recordEnd) });
  }
  return records;
}
