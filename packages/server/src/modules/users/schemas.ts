import { Type } from '@sinclair/typebox';
import { AnyJson, EntityIdRef, Nullable } from '../../http/schemas.js';

export const UserBody = Type.Object({
  id: Type.Optional(Nullable(EntityIdRef)),
  createdTime: Type.Optional(Type.Unknown()),
  email: Type.String({ minLength: 1, maxLength: 255 }),
  authority: Type.Optional(Type.String({ maxLength: 32 })),
  tenantId: Type.Optional(Nullable(EntityIdRef)),
  customerId: Type.Optional(Nullable(EntityIdRef)),
  firstName: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  lastName: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  name: Type.Optional(Type.Unknown()),
  additionalInfo: Type.Optional(AnyJson),
});

export const SendActivationQuery = Type.Object({
  sendActivationMail: Type.Optional(Type.Boolean({ default: true })),
});
export const EmailQuery = Type.Object({ email: Type.String({ minLength: 1, maxLength: 255 }) });
export const CredentialsEnabledQuery = Type.Object({
  userCredentialsEnabled: Type.Optional(Type.Boolean({ default: true })),
});
