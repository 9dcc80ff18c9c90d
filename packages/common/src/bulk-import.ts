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

/** Result of a bulk import request. */
export interface BulkImportResult {
  created: number;
  updated: number;
  errors: number;
  errorsList: string[];
}
