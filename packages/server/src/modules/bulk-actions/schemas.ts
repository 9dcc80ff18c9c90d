import { MAX_BULK_ENTITIES } from '@meridian/common';
import { Type } from '@sinclair/typebox';
import { Uuid } from '../../http/schemas.js';
import { EntityIdBody } from '../relations/schemas.js';

const EntityIds = Type.Array(EntityIdBody, { minItems: 1, maxItems: MAX_BULK_ENTITIES });

/** Body of `POST /api/entities/bulk/delete` and `/unassign`. */
export const BulkEntitiesBody = Type.Object({ entityIds: EntityIds });

/** Body of `POST /api/entities/bulk/assign`. */
export const BulkAssignBody = Type.Object({ customerId: Uuid, entityIds: EntityIds });
