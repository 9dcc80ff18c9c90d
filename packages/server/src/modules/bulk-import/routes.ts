import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../auth/route-access.js';
import { BulkImportBody } from './schemas.js';
import type { BulkImportInput, BulkImportService } from './service.js';

const TA = { access: ['TENANT_ADMIN'] as const };

/** Device and asset bulk import (reference DeviceController/AssetController `bulk_import`). */
export function registerBulkImportRoutes(app: FastifyInstance, bulkImport: BulkImportService): void {
  const schema = { body: BulkImportBody };
  app.post<{ Body: BulkImportInput }>('/api/device/bulk_import', { config: TA, schema }, (req) =>
    bulkImport.importDevices(principalOf(req), req.body),
  );
  app.post<{ Body: BulkImportInput }>('/api/asset/bulk_import', { config: TA, schema }, (req) =>
    bulkImport.importAssets(principalOf(req), req.body),
  );
}
