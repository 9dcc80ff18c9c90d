import { type Static, Type } from '@sinclair/typebox';
import { AnyJson, EntityIdRef, Nullable } from '../../http/schemas.js';
import { ContactFields } from '../tenants/schemas.js';

export const CustomerBody = Type.Object({
  id: Type.Optional(Nullable(EntityIdRef)),
  createdTime: Type.Optional(Type.Unknown()),
  title: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  name: Type.Optional(Type.Unknown()),
  // Always the caller's tenant; whatever the body says is ignored, as in the reference.
  tenantId: Type.Optional(Nullable(EntityIdRef)),
  additionalInfo: Type.Optional(AnyJson),
  ...ContactFields,
});

export type CustomerInput = Static<typeof CustomerBody>;

export const CustomerTitleQuery = Type.Object({ customerTitle: Type.String({ maxLength: 255 }) });
