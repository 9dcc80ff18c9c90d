import { BULK_IMPORT_COLUMN_TYPES } from '@meridian/common';
import { Type } from '@sinclair/typebox';
import { Nullable } from '../../http/schemas.js';

/**
 * Body of `POST /api/{device|asset}/bulk_import` (reference BulkImportRequest). The delimiter
 * defaults to a comma, header and update to false; the mapping's rules beyond the shape are
 * checked by the service.
 */
export const BulkImportBody = Type.Object({
  file: Type.String(),
  mapping: Type.Object({
    columns: Type.Array(
      Type.Object({
        type: Type.String({ enum: [...BULK_IMPORT_COLUMN_TYPES] }),
        key: Type.Optional(Nullable(Type.String())),
      }),
      { minItems: 1 },
    ),
    delimiter: Type.Optional(Type.String({ minLength: 1, maxLength: 1 })),
    header: Type.Optional(Type.Boolean()),
    update: Type.Optional(Type.Boolean()),
  }),
});
