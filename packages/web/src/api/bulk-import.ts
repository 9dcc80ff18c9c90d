import type { BulkImportRequest, BulkImportResult } from '@meridian/common';
import type { HttpClient, RequestOptions } from '../app/http/http-client';

/** CSV bulk import (reference DeviceController / AssetController `bulk_import`). */

/** The entity types the console imports from CSV. */
export type BulkImportEntityType = 'DEVICE' | 'ASSET';

const PATHS: Record<BulkImportEntityType, string> = {
  DEVICE: '/api/device/bulk_import',
  ASSET: '/api/asset/bulk_import',
};

/**
 * Imports the rows of `request.file`. The wizard sends one part of the file per call; failures
 * are left to the caller (no toast), which reports them in its result.
 */
export function bulkImport(
  http: HttpClient,
  entityType: BulkImportEntityType,
  request: BulkImportRequest,
  options: RequestOptions = {},
): Promise<BulkImportResult> {
  return http.post(PATHS[entityType], request, { ignoreErrors: true, ...options });
}
