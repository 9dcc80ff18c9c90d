import {
  BULK_IMPORT_COLUMN_TYPES,
  BULK_IMPORT_KV_COLUMN_TYPES,
  type BulkImportColumnMapping,
  type BulkImportColumnType,
  type BulkImportRequest,
  type BulkImportResult,
  bulkImportLineError,
  type CsvRecord,
  isBulkImportKvColumn,
  parseBulkImportLineError,
  parseCsv,
} from '@meridian/common';

/**
 * The pure part of the CSV import wizard: which column types an entity offers, the first guess of
 * the column mapping, its validation, the file cut into parts, and the parts' results put together
 * with line numbers of the whole file.
 */

/** The entity types the wizard imports. */
export type ImportEntityType = 'DEVICE' | 'ASSET';

/** The delimiters the wizard offers (reference import configuration). */
export const CSV_DELIMITERS = [',', ';', '|', '\t'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/** Largest file the wizard accepts: the reference's upload limit (50 MB). */
export const IMPORT_MAX_FILE_BYTES = 50 * 1024 * 1024;

/** Rows sent per request: small enough for the progress bar to move, large enough to be quick. */
export const IMPORT_CHUNK_ROWS = 100;
/** Characters sent per request at most (a single longer row is still sent, alone). */
export const IMPORT_CHUNK_CHARS = 1_000_000;

/** Longest attribute or time-series key. */
export const IMPORT_KEY_MAX_LENGTH = 255;

/** Columns that belong to edges only. */
const EDGE_TYPES: readonly BulkImportColumnType[] = ['ROUTING_KEY', 'SECRET'];

/**
 * Column types each entity offers, in the reference's order: a device every column but the edge
 * ones; an asset its entity fields, attributes and time series, and a description.
 */
export const IMPORT_COLUMN_TYPES: Record<ImportEntityType, readonly BulkImportColumnType[]> = {
  ASSET: ['NAME', 'TYPE', 'LABEL', ...BULK_IMPORT_KV_COLUMN_TYPES, 'DESCRIPTION'],
  DEVICE: BULK_IMPORT_COLUMN_TYPES.filter((type) => !EDGE_TYPES.includes(type)),
};

/** Columns the mapping must have (reference: name and type). */
export const IMPORT_REQUIRED_TYPES = ['NAME', 'TYPE'] as const satisfies readonly BulkImportColumnType[];

/** One column of the file as the wizard shows it. */
export interface ImportColumn {
  /** Title from the header line, or null. */
  title: string | null;
  /** Value of the first data line, or ''. */
  sample: string;
  type: BulkImportColumnType;
  /** Attribute or time-series key; '' for other types. */
  key: string;
}

/** Import settings of step 2. */
export interface ImportSettings {
  delimiter: string;
  header: boolean;
  update: boolean;
}

/** Entity field columns may appear once; attribute and time-series columns any number of times. */
export function isSingleUse(type: BulkImportColumnType): boolean {
  return !isBulkImportKvColumn(type);
}

const TITLE_TYPES: Record<string, BulkImportColumnType> = { name: 'NAME', type: 'TYPE', label: 'LABEL' };

/**
 * The columns of a file with a first guess of their types (reference): with a header, columns
 * titled name, type or label (any case) get that type; every other column is a server attribute
 * keyed by its title (no key without a header).
 */
export function detectColumns(
  text: string,
  settings: Pick<ImportSettings, 'delimiter' | 'header'>,
): ImportColumn[] {
  const [first, second] = parseCsv(text, settings.delimiter, 2);
  const header = settings.header ? first : undefined;
  const sampleRecord = settings.header ? second : first;
  const count = Math.max(header?.fields.length ?? 0, sampleRecord?.fields.length ?? 0);
  const used = new Set<BulkImportColumnType>();
  return Array.from({ length: count }, (_unused, index): ImportColumn => {
    const title = header ? (header.fields[index] ?? '') : null;
    const sample = sampleRecord?.fields[index] ?? '';
    const guessed = title === null ? undefined : TITLE_TYPES[title.trim().toLowerCase()];
    if (guessed && !used.has(guessed)) {
      used.add(guessed);
      return { title, sample, type: guessed, key: '' };
    }
    return { title, sample, type: 'SERVER_ATTRIBUTE', key: title?.trim() ?? '' };
  });
}

/** Why a mapping cannot be imported: an i18n key of the `import` namespace, or null when it can. */
export type MappingProblem =
  | { kind: 'required'; missing: BulkImportColumnType[] }
  | { kind: 'key-required'; column: number }
  | { kind: 'key-too-long'; column: number }
  | { kind: 'duplicate'; type: BulkImportColumnType };

export function mappingProblem(columns: readonly ImportColumn[]): MappingProblem | null {
  const seen = new Set<BulkImportColumnType>();
  for (const [index, column] of columns.entries()) {
    if (isBulkImportKvColumn(column.type)) {
      if (column.key.trim().length === 0) return { kind: 'key-required', column: index };
      if (column.key.length > IMPORT_KEY_MAX_LENGTH) return { kind: 'key-too-long', column: index };
    } else if (seen.has(column.type)) {
      return { kind: 'duplicate', type: column.type };
    }
    seen.add(column.type);
  }
  const missing = IMPORT_REQUIRED_TYPES.filter((type) => !seen.has(type));
  return missing.length > 0 ? { kind: 'required', missing } : null;
}

/** The mapping the server is sent. */
export function columnMappings(columns: readonly ImportColumn[]): BulkImportColumnMapping[] {
  return columns.map((column) =>
    isBulkImportKvColumn(column.type) ? { type: column.type, key: column.key.trim() } : { type: column.type },
  );
}

/** A part of the file: consecutive data records, sent in one request. */
export interface ImportChunk {
  text: string;
  /** Line number (record ordinal in the whole file) of the part's first record. */
  firstLine: number;
  lines: number;
}

/** The data records of the file (the header left out) cut into parts. */
export function chunkFile(
  text: string,
  settings: Pick<ImportSettings, 'delimiter' | 'header'>,
  limits: { rows: number; chars: number } = { rows: IMPORT_CHUNK_ROWS, chars: IMPORT_CHUNK_CHARS },
): ImportChunk[] {
  const records = parseCsv(text, settings.delimiter);
  const data = settings.header ? records.slice(1) : records;
  const chunks: ImportChunk[] = [];
  let part: CsvRecord[] = [];
  let chars = 0;
  const flush = () => {
    const [first] = part;
    if (first) {
      chunks.push({
        text: part.map((record) => record.raw).join('\n'),
        firstLine: first.ordinal,
        lines: part.length,
      });
    }
    part = [];
    chars = 0;
  };
  for (const record of data) {
    if (part.length >= limits.rows || (part.length > 0 && chars + record.raw.length > limits.chars)) {
      flush();
    }
    part.push(record);
    chars += record.raw.length + 1;
  }
  flush();
  return chunks;
}

/** The request for one part: no header (the part has none), the mapping and settings of the wizard. */
export function chunkRequest(
  chunk: ImportChunk,
  columns: readonly ImportColumn[],
  settings: ImportSettings,
): BulkImportRequest {
  return {
    file: chunk.text,
    mapping: {
      columns: columnMappings(columns),
      delimiter: settings.delimiter,
      header: false,
      update: settings.update,
    },
  };
}

/** Moves a part's per-line error ("Line: n; Error: …", n counted within the part) to the file's numbering. */
export function fileLineError(error: string, chunk: ImportChunk): string {
  const parsed = parseBulkImportLineError(error);
  if (!parsed) return error;
  return bulkImportLineError(chunk.firstLine + parsed.lineNumber - 1, parsed.message);
}

export const EMPTY_RESULT: BulkImportResult = { created: 0, updated: 0, errors: 0, errorsList: [] };

/** The result so far plus one part's result, its errors renumbered for the whole file. */
export function addChunkResult(
  total: BulkImportResult,
  chunk: ImportChunk,
  part: BulkImportResult,
): BulkImportResult {
  return {
    created: total.created + part.created,
    updated: total.updated + part.updated,
    errors: total.errors + part.errors,
    errorsList: [...total.errorsList, ...part.errorsList.map((error) => fileLineError(error, chunk))],
  };
}
