import {
  ENTITY_SEARCH_DIRECTIONS,
  ENTITY_TYPES,
  type EntitySearchDirection,
  type EntityType,
  RELATION_TYPE_GROUPS,
  type RelationTypeGroup,
} from '@meridian/common';
import { Type } from '@sinclair/typebox';
import { Nullable, Uuid } from '../../http/schemas.js';

export const EntityTypeString = Type.Unsafe<EntityType>({ type: 'string', enum: [...ENTITY_TYPES] });
export const RelationTypeGroupString = Type.Unsafe<RelationTypeGroup>({
  type: 'string',
  enum: [...RELATION_TYPE_GROUPS],
});
/** In a query string an empty group means the default, COMMON. */
const GroupParam = Type.Unsafe<RelationTypeGroup | ''>({
  type: 'string',
  enum: [...RELATION_TYPE_GROUPS, ''],
});
const DirectionString = Type.Unsafe<EntitySearchDirection>({
  type: 'string',
  enum: [...ENTITY_SEARCH_DIRECTIONS],
});

/** An EntityId in a body: both fields required, as the reference's EntityIdDeserializer wants. */
export const EntityIdBody = Type.Object({ entityType: EntityTypeString, id: Uuid });

export const RelationBody = Type.Object({
  from: EntityIdBody,
  to: EntityIdBody,
  type: Type.String({ maxLength: 255 }),
  typeGroup: Type.Optional(Nullable(RelationTypeGroupString)),
  additionalInfo: Type.Optional(Type.Unknown()),
});

export const RelationKeyQuery = Type.Object({
  fromId: Uuid,
  fromType: EntityTypeString,
  relationType: Type.String({ minLength: 1, maxLength: 255 }),
  relationTypeGroup: Type.Optional(GroupParam),
  toId: Uuid,
  toType: EntityTypeString,
});

export const RelationsListQuery = Type.Object({
  fromId: Type.Optional(Uuid),
  fromType: Type.Optional(EntityTypeString),
  toId: Type.Optional(Uuid),
  toType: Type.Optional(EntityTypeString),
  relationType: Type.Optional(Type.String({ maxLength: 255 })),
  relationTypeGroup: Type.Optional(GroupParam),
});

export const EntityRefQuery = Type.Object({ entityId: Uuid, entityType: EntityTypeString });

export const RelationsSearchParametersBody = Type.Object({
  rootId: Uuid,
  rootType: EntityTypeString,
  direction: DirectionString,
  relationTypeGroup: Type.Optional(Nullable(RelationTypeGroupString)),
  maxLevel: Type.Optional(Type.Integer({ minimum: -2147483648, maximum: 2147483647 })),
  fetchLastLevelOnly: Type.Optional(Type.Boolean()),
});

export const RelationsQueryBody = Type.Object({
  parameters: RelationsSearchParametersBody,
  filters: Type.Array(
    Type.Object({
      relationType: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
      entityTypes: Type.Optional(Nullable(Type.Array(EntityTypeString))),
    }),
  ),
});

export interface EntityIdInput {
  entityType: EntityType;
  id: string;
}

export interface RelationInput {
  from: EntityIdInput;
  to: EntityIdInput;
  type: string;
  typeGroup?: RelationTypeGroup | null;
  additionalInfo?: unknown;
}

export interface RelationKeyInput {
  fromId: string;
  fromType: EntityType;
  relationType: string;
  relationTypeGroup?: RelationTypeGroup | '';
  toId: string;
  toType: EntityType;
}

export interface RelationsListInput {
  fromId?: string;
  fromType?: EntityType;
  toId?: string;
  toType?: EntityType;
  relationType?: string;
  relationTypeGroup?: RelationTypeGroup | '';
}

export interface SearchParametersInput {
  rootId: string;
  rootType: EntityType;
  direction: EntitySearchDirection;
  relationTypeGroup?: RelationTypeGroup | null;
  maxLevel?: number;
  fetchLastLevelOnly?: boolean;
}

export interface RelationsQueryInput {
  parameters: SearchParametersInput;
  filters: { relationType?: string | null; entityTypes?: EntityType[] | null }[];
}
