import { DEVICE_CREDENTIALS_TYPES, DEVICE_TRANSPORT_TYPES, OTA_UPDATE_TYPES } from '@meridian/common';
import { Type } from '@sinclair/typebox';
import { PageQuerySchema } from '../../http/page-query.js';
import { AnyJson, EntityIdRef, Nullable } from '../../http/schemas.js';
import { RelationsSearchParametersBody } from '../relations/schemas.js';

const Enum = (values: readonly string[]) => Type.String({ enum: [...values] });
const Optional = Type.Optional;

export const DeviceBody = Type.Object({
  id: Optional(Nullable(EntityIdRef)),
  createdTime: Optional(Type.Unknown()),
  tenantId: Optional(Nullable(EntityIdRef)),
  customerId: Optional(Nullable(EntityIdRef)),
  name: Optional(Nullable(Type.String({ maxLength: 255 }))),
  type: Optional(Nullable(Type.String({ maxLength: 255 }))),
  label: Optional(Nullable(Type.String({ maxLength: 255 }))),
  deviceProfileId: Optional(Nullable(EntityIdRef)),
  deviceData: Optional(
    Nullable(
      Type.Object({
        configuration: Optional(Nullable(Type.Object({ type: Optional(Type.String()) }))),
        transportConfiguration: Optional(Nullable(Type.Object({ type: Enum(DEVICE_TRANSPORT_TYPES) }))),
      }),
    ),
  ),
  firmwareId: Optional(Nullable(EntityIdRef)),
  softwareId: Optional(Nullable(EntityIdRef)),
  additionalInfo: Optional(AnyJson),
});

type Ref = { id: string } | null;

export interface DeviceInput {
  id?: Ref;
  customerId?: Ref;
  name?: string | null;
  type?: string | null;
  label?: string | null;
  deviceProfileId?: Ref;
  deviceData?: {
    configuration?: { type?: string } | null;
    transportConfiguration?: ({ type: string } & Record<string, unknown>) | null;
  } | null;
  firmwareId?: Ref;
  softwareId?: Ref;
  additionalInfo?: unknown;
}

export const CredentialsBody = Type.Object({
  id: Optional(Nullable(Type.Object({ id: Type.String({ format: 'uuid' }) }))),
  createdTime: Optional(Type.Unknown()),
  deviceId: Optional(Nullable(EntityIdRef)),
  credentialsType: Optional(Nullable(Enum(DEVICE_CREDENTIALS_TYPES))),
  credentialsId: Optional(Nullable(Type.String())),
  credentialsValue: Optional(Nullable(Type.String())),
});

export interface CredentialsBodyInput {
  id?: Ref;
  deviceId?: Ref;
  credentialsType?: string | null;
  credentialsId?: string | null;
  credentialsValue?: string | null;
}

export const DeviceWithCredentialsBody = Type.Object({
  device: DeviceBody,
  credentials: CredentialsBody,
});

export const AccessTokenQuery = Type.Object({ accessToken: Optional(Type.String({ maxLength: 255 })) });

/** PAGE is optional here because `GET /api/tenant/devices?deviceName=` shares the path (reference §8 #5). */
export const TenantDevicesQuery = Type.Object({
  ...Type.Partial(PageQuerySchema).properties,
  type: Optional(Type.String()),
  deviceName: Optional(Type.String()),
});

export const DeviceInfosQuery = Type.Object({
  ...PageQuerySchema.properties,
  type: Optional(Type.String()),
  deviceProfileId: Optional(Type.String({ format: 'uuid' })),
});

export const TypedPageQuery = Type.Object({ ...PageQuerySchema.properties, type: Optional(Type.String()) });

export const DeviceIdsQuery = Type.Object({ deviceIds: Type.Array(Type.String()) });

export const OtaCountParams = Type.Object({
  otaPackageType: Enum(OTA_UPDATE_TYPES),
  deviceProfileId: Type.String({ format: 'uuid' }),
});

/** `POST /api/devices` (reference DeviceSearchQuery). */
export const DeviceSearchQueryBody = Type.Object({
  parameters: RelationsSearchParametersBody,
  relationType: Optional(Nullable(Type.String({ maxLength: 255 }))),
  deviceTypes: Type.Array(Type.String({ maxLength: 255 })),
});
