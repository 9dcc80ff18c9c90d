/**
 * The CSV reader of bulk import, shared by the server (which imports the records) and the console
 * (which shows samples and sends a large file in parts). It follows the reference's parser
 * (commons-csv `CSVFormat.DEFAULT` with the chosen delimiter):
 * - a field that starts with `"` is quoted: it may hold delimiters and line breaks, and `""` stands
 *   for one quote; a quote anywhere else is an ordinary character;
 * - records end at `\r\n`, `\n` or `\r`; empty lines are skipped and not counted;
 * - a leading byte order mark is dropped; surrounding spaces are kept.
 * Unlike the reference, a malformed record (text after a closing quote, a quote never closed) does
 * not fail the whole file: the record carries a `problem` and the others are still read.
 */

export interface CsvRecord {
  /**
   * 1-based position among the records of the file (empty lines are not counted): the line number
   * bulk import reports for the record, a header line included.
   */
  ordinal: number;
  fields: string[];
  /** The record's text without its line break (a part of a file made of raw records reads the same). */
  raw: string;
  /** Why the record is malformed, if it is. */
  problem?: string;
}

const QUOTE = '"';

/** Whether `delimiter` can separate CSV fields: one character other than a quote or a line break. */
export function isCsvDelimiter(delimiter: string): boolean {
  return delimiter.length === 1 && delimiter !== QUOTE && delimiter !== '\n' && delimiter !== '\r';
}

/**
 * Splits CSV text into records. `delimiter` must pass {@link isCsvDelimiter}. With `limit`, stops
 * after that many records (enough for samples of a large file without reading it all).
 */
export function parseCsv(text: string, delimiter: string, limit = Number.POSITIVE_INFINITY): CsvRecord[] {
  if (!isCsvDelimiter(delimiter)) throw new Error(`Unusable CSV delimiter ${JSON.stringify(delimiter)}`);
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const length = source.length;
  const records: CsvRecord[] = [];
  let pos = 0;

  while (pos < length && records.length < limit) {
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

    const start = pos;
    const fields: string[] = [];
    let problem: string | undefined;
    let recordEnd = -1;
    while (recordEnd < 0) {
      let value: string;
      if (source[pos] === QUOTE) {
        const quoted = quotedField(source, pos);
        if (!quoted.closed) problem ??= 'a quoted value is not closed before the end of the file';
        pos = quoted.end;
        // Anything between the closing quote and the next delimiter or line end is malformed; it is
        // kept as text so the rest of the record still lines up.
        const end = nextBoundary(source, pos, delimiter);
        if (end > pos) problem ??= 'unexpected text after a closing quote';
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
        // A delimiter at the very end of the input still opens one last, empty field.
        if (pos >= length) {
          fields.push('');
          recordEnd = length;
        }
      } else {
        // A line break.
        recordEnd = pos;
        pos += source[pos] === '\r' && source[pos + 1] === '\n' ? 2 : 1;
      }
    }
    records.push({
      ordinal: records.length + 1,
      fields,
      raw: source.slice(start, recordEnd),
      ...(problem ? { problem } : {}),
    });
  }
  return records;
}

/**
 * The quoted field that opens at `pos`: its value, and where it ends (just after the closing quote,
 * or at the end of the text when the quote is never closed: then the value runs to the end).
 */
function quotedField(source: string, pos: number): { value: string; end: number; closed: boolean } {
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
      return { value, end: quote + 1, closed: true };
    }
  }
  return { value: value + source.slice(cursor), end: source.length, closed: false };
}

/** Index of the next delimiter or line break at or after `from` (the length when none). */
function nextBoundary(source: string, from: number, delimiter: string): number {
  for (let i = from; i < source.length; i++) {
    const c = source[i];
    if (c === delimiter || c === '\n' || c === '\r') return i;
  }
  return source.length;
}
