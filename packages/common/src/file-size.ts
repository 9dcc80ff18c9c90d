/**
 * File size display (spec 2 §9): units from bytes to PB in steps of 1024.
 */

export const FILE_SIZE_UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;
export type FileSizeUnit = (typeof FILE_SIZE_UNITS)[number];

/**
 * Decimals per unit: 0 for bytes and 1 for KB to GB (spec 2 §9); TB and PB are not specified and
 * use 2.
 */
export const FILE_SIZE_DECIMALS: Readonly<Record<FileSizeUnit, number>> = {
  bytes: 0,
  KB: 1,
  MB: 1,
  GB: 1,
  TB: 2,
  PB: 2,
};

/**
 * Formats a byte count, e.g. `512 bytes`, `1.5 KB`, `2.0 MB`: divides by 1024 while the value is at
 * least 1024 (stopping at PB). Negative, NaN or infinite input gives `?`.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) {
    return '?';
  }
  let value = bytes;
  let unitIndex = 0;
  while (value >= 1024 && unitIndex < FILE_SIZE_UNITS.length - 1) {
    value /= 1024;
    unitIndex++;
  }
  const unit = FILE_SIZE_UNITS[unitIndex] ?? 'bytes';
  return `${value.toFixed(FILE_SIZE_DECIMALS[unit])} ${unit}`;
}
