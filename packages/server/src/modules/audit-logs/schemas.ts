import { ENTITY_TYPES } from '@meridian/common';
import { Type } from '@sinclair/typebox';
import { PageQuerySchema } from '../../http/page-query.js';
import { Uuid } from '../../http/schemas.js';

/** PAGE + TIME + actionTypes (comma-separated ActionType names) of the audit log lists. */
export const AuditLogQuery = Type.Object({
  ...PageQuerySchema.properties,
  startTime: Type.Optional(Type.Integer({ minimum: 0 })),
  endTime: Type.Optional(Type.Integer({ minimum: 0 })),
  actionTypes: Type.Optional(Type.String({ maxLength: 4096 })),
});

export const EntityTypeParam = Type.Unsafe<string>({ type: 'string', enum: [...ENTITY_TYPES] });

export const AuditEntityParams = Type.Object({ entityType: EntityTypeParam, entityId: Uuid });
