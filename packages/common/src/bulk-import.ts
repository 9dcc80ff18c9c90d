/**
 * Bulk import of devices, assets and edges from CSV (spec 1 §3, §5, §8).
 */

/** One CSV row after column mapping. */
export interface BulkImportRow {
  lineNumber: number;
  name: string;
  type?: string;
  label?: string;
  description?: string;
  gateway?: boolean;
  routingKey?: string;
  secret?: string;
}

/** The fields an existing entity is compared on. */
export interface BulkImportComparable {
  type?: string | null;
  label?: string | null;
  routingKey?: string | null;
  secret?: string | null;
  additionalInfo?: { description?: unknown; gateway?: unknown } | null;
}

/**
 * Bulk import updates a matched entity (matched by name) only if label, type, description, gateway,
 * routing key or secret differ (spec 1 §5). Fields the row leaves out are not compared; missing and
 * empty text count as equal.
 */
export function bulkImportRowDiffers(existing: BulkImportComparable, row: BulkImportRow): boolean {
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');
  const differs = (rowValue: string | undefined, current: unknown): boolean =>
    rowValue !== undefined && text(rowValue) !== text(current);
  return (
    differs(row.label, existing.label) ||
    differs(row.type, existing.type) ||
    differs(row.description, existing.additionalInfo?.description) ||
    (row.gateway !== undefined && row.gateway !== (existing.additionalInfo?.gateway === true)) ||
    differs(row.routingKey, existing.routingKey) ||
    differs(row.secret, existing.secret)
  );
}

/** Per-line error text of a bulk import (spec 1 §8). */
export function bulkImportLineError(lineNumber: number, message: string): string {
  return `Line: ${lineNumber}; Error: ${message}`;
}

const LINE_ERROR = /^Line: (\d+); Error: ([\s\S]*)$/;

/** The line number and message of a per-line error made by {@link bulkImportLineError}, or null. */
export function parseBulkImportLineError(error: string): { lineNumber: number; message: string } | null {
  const match = LINE_ERROR.exec(error);
  return match ? { lineNumber: Number(match[1]), message: match[2] ?? '' } : null;
}

/** Result of a bulk import request. */
export interface BulkImportResult {
  created: number;
  updated: number;
  errors: number;
  errorsList: string[];
}

/**
 * What a CSV column holds (reference BulkImportColumnType). Attribute and time-series columns carry
 * the key their values are saved under; ROUTING_KEY and SECRET belong to edges and are ignored for
 * devices and assets.
 */
export const BULK_IMPORT_COLUMN_TYPES = [
  'NAME',
  'TYPE',
  'LABEL',
  'SHARED_ATTRIBUTE',
  'SERVER_ATTRIBUTE',
  'TIMESERIES',
  'ACCESS_TOKEN',
  'X509',
  'MQTT_CLIENT_ID',
  'MQTT_USER_NAME',
  'MQTT_PASSWORD',
  'LWM2M_CLIENT_ENDPOINT',
  'LWM2M_CLIENT_SECURITY_CONFIG_MODE',
  'LWM2M_CLIENT_IDENTITY',
  'LWM2M_CLIENT_KEY',
  'LWM2M_CLIENT_CERT',
  'LWM2M_BOOTSTRAP_SERVER_SECURITY_MODE',
  'LWM2M_BOOTSTRAP_SERVER_PUBLIC_KEY_OR_ID',
  'LWM2M_BOOTSTRAP_SERVER_SECRET_KEY',
  'LWM2M_SERVER_SECURITY_MODE',
  'LWM2M_SERVER_CLIENT_PUBLIC_KEY_OR_ID',
  'LWM2M_SERVER_CLIENT_SECRET_KEY',
  'IS_GATEWAY',
  'DESCRIPTION',
  'ROUTING_KEY',
  'SECRET',
] as const;
export type BulkImportColumnType = (typeof BULK_IMPORT_COLUMN_TYPES)[number];

/** Columns whose values are saved as attributes or time series under the column's key. */
export const BULK_IMPORT_KV_COLUMN_TYPES = [
  'SHARED_ATTRIBUTE',
  'SERVER_ATTRIBUTE',
  'TIMESERIES',
] as const satisfies readonly BulkImportColumnType[];
export type BulkImportKvColumnType = (typeof BULK_IMPORT_KV_COLUMN_TYPES)[number];

export function isBulkImportKvColumn(type: BulkImportColumnType): type is BulkImportKvColumnType {
  return (BULK_IMPORT_KV_COLUMN_TYPES as readonly string[]).includes(type);
}

/** One CSV column: its type and, for attribute and time-series columns, the key. */
export interface BulkImportColumnMapping {
  type: BulkImportColumnType;
  key?: string | null;
}

/** Body of `POST /api/{device|asset}/bulk_import` (reference BulkImportRequest). */
export interface BulkImportRequest {
  /** The CSV text. */
  file: string;
  mapping: {
    /** One entry per CSV column, in column order. */
    columns: BulkImportColumnMapping[];
    /** One character: `,` `;` `|` or tab in the console. */
    delimiter: string;
    /** The first line holds column titles and is not imported (it still counts in line numbers). */
    header: boolean;
    /** Update the entities whose name already exists instead of reporting them as errors. */
    update: boolean;
  };
}
