import { type Static, Type } from '@sinclair/typebox';
import { AnyJson, EntityIdRef, Nullable } from '../../http/schemas.js';

const Text255 = Type.Optional(Nullable(Type.String({ maxLength: 255 })));

/** Contact fields of tenants and customers (reference §1.5; 255 characters each). */
export const ContactFields = {
  country: Text255,
  state: Text255,
  city: Text255,
  address: Text255,
  address2: Text255,
  zip: Text255,
  phone: Text255,
  email: Text255,
};

export const TenantBody = Type.Object({
  id: Type.Optional(Nullable(EntityIdRef)),
  createdTime: Type.Optional(Type.Unknown()),
  title: Text255,
  name: Type.Optional(Type.Unknown()),
  region: Text255,
  tenantProfileId: Type.Optional(Nullable(EntityIdRef)),
  additionalInfo: Type.Optional(AnyJson),
  ...ContactFields,
});

export type TenantInput = Static<typeof TenantBody>;
