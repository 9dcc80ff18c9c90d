import { ENTITY_TYPES, EVENT_TYPES } from '@meridian/common';
import { Type } from '@sinclair/typebox';
import { PageQuerySchema } from '../../http/page-query.js';
import { Uuid } from '../../http/schemas.js';

const TimeRange = {
  startTime: Type.Optional(Type.Integer({ minimum: 0 })),
  endTime: Type.Optional(Type.Integer({ minimum: 0 })),
};

/** PAGE + TIME + tenantId (the tenant whose events a system administrator reads). */
export const EventsPageQuery = Type.Object({
  ...PageQuerySchema.properties,
  ...TimeRange,
  tenantId: Type.Optional(Uuid),
});

export const ClearEventsQuery = Type.Object({ ...TimeRange, tenantId: Type.Optional(Uuid) });

const EntityTypeParam = Type.Unsafe<string>({ type: 'string', enum: [...ENTITY_TYPES] });

export const EventEntityParams = Type.Object({ entityType: EntityTypeParam, entityId: Uuid });

export const EventTypeParams = Type.Object({
  entityType: EntityTypeParam,
  entityId: Uuid,
  eventType: Type.Unsafe<string>({ type: 'string', enum: [...EVENT_TYPES] }),
});

export interface EventsPageInput {
  pageSize: number;
  page: number;
  textSearch?: string;
  sortProperty?: string;
  sortOrder?: string;
  startTime?: number;
  endTime?: number;
  tenantId?: string;
}

export interface EventEntityInput {
  entityType: string;
  entityId: string;
}
