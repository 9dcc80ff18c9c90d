import {
  DEVICE_PROFILE_TYPES,
  DEVICE_PROVISION_TYPES,
  DEVICE_TRANSPORT_TYPES,
  type DeviceProfileType,
  type DeviceProvisionType,
  type DeviceTransportType,
} from '@meridian/common';
import { Type } from '@sinclair/typebox';
import { PageQuerySchema } from '../../http/page-query.js';
import { EntityIdRef, Nullable } from '../../http/schemas.js';

const Enum = (values: readonly string[]) => Type.String({ enum: [...values] });

/** `POST /api/deviceProfile`. `profileData` is checked field by field by validateProfileData. */
export const DeviceProfileBody = Type.Object({
  id: Type.Optional(Nullable(EntityIdRef)),
  createdTime: Type.Optional(Type.Unknown()),
  tenantId: Type.Optional(Nullable(EntityIdRef)),
  name: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  description: Type.Optional(Nullable(Type.String({ maxLength: 10000 }))),
  image: Type.Optional(Nullable(Type.String())),
  default: Type.Optional(Type.Boolean()),
  type: Type.Optional(Nullable(Enum(DEVICE_PROFILE_TYPES))),
  transportType: Type.Optional(Nullable(Enum(DEVICE_TRANSPORT_TYPES))),
  provisionType: Type.Optional(Nullable(Enum(DEVICE_PROVISION_TYPES))),
  defaultRuleChainId: Type.Optional(Nullable(EntityIdRef)),
  defaultDashboardId: Type.Optional(Nullable(EntityIdRef)),
  defaultQueueName: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  profileData: Type.Optional(Nullable(Type.Object({}))),
  provisionDeviceKey: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  firmwareId: Type.Optional(Nullable(EntityIdRef)),
  softwareId: Type.Optional(Nullable(EntityIdRef)),
});

type Ref = { id: string } | null;

export interface DeviceProfileInput {
  id?: Ref;
  name?: string | null;
  description?: string | null;
  image?: string | null;
  default?: boolean;
  type?: DeviceProfileType | null;
  transportType?: DeviceTransportType | null;
  provisionType?: DeviceProvisionType | null;
  defaultRuleChainId?: Ref;
  defaultDashboardId?: Ref;
  defaultQueueName?: string | null;
  profileData?: Record<string, unknown> | null;
  provisionDeviceKey?: string | null;
  firmwareId?: Ref;
  softwareId?: Ref;
}

export const ProfileInfosQuery = Type.Object({
  ...PageQuerySchema.properties,
  transportType: Type.Optional(Enum(DEVICE_TRANSPORT_TYPES)),
});

export const DeviceKeysQuery = Type.Object({
  deviceProfileId: Type.Optional(Type.String({ format: 'uuid' })),
});
