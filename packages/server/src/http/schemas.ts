import { type TSchema, Type } from '@sinclair/typebox';

export const Uuid = Type.String({ format: 'uuid' });

/** Path parameters holding bare UUIDs, e.g. `IdParams('userId')` for /api/user/{userId}. */
export const IdParams = <K extends string>(...names: K[]) =>
  Type.Object(Object.fromEntries(names.map((n) => [n, Uuid])) as Record<K, typeof Uuid>);

export const EntityIdRef = Type.Object({ entityType: Type.Optional(Type.String()), id: Uuid });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * A free-form field the reference types as a Jackson JsonNode (`additionalInfo` and the like): any
 * JSON value, a string or number included, stored and returned as sent.
 */
export const AnyJson = Type.Unknown();
