import { type Static, Type } from '@sinclair/typebox';
import { EntityIdRef, Nullable } from '../../http/schemas.js';

const JAVA_INT_MAX = 2147483647;
/** A `long` limit: a non-negative whole number (0 or null = unlimited). */
const Long = Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })));
/** An `int` limit. */
const Int = Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: JAVA_INT_MAX })));
/** A rate-limit string `capacity:seconds,…`; its syntax is checked by the service. */
const RateLimit = Type.Optional(Nullable(Type.String({ maxLength: 1024 })));

/** `profileData.configuration` of a tenant profile (reference §1.5 TenantProfile). */
export const TenantProfileConfigurationSchema = Type.Object({
  type: Type.Literal('DEFAULT'),
  maxDevices: Long,
  maxAssets: Long,
  maxCustomers: Long,
  maxUsers: Long,
  maxDashboards: Long,
  maxRuleChains: Long,
  maxResourcesInBytes: Long,
  maxOtaPackagesInBytes: Long,
  transportTenantMsgRateLimit: RateLimit,
  transportTenantTelemetryMsgRateLimit: RateLimit,
  transportTenantTelemetryDataPointsRateLimit: RateLimit,
  transportDeviceMsgRateLimit: RateLimit,
  transportDeviceTelemetryMsgRateLimit: RateLimit,
  transportDeviceTelemetryDataPointsRateLimit: RateLimit,
  maxTransportMessages: Long,
  maxTransportDataPoints: Long,
  maxREExecutions: Long,
  maxJSExecutions: Long,
  maxDPStorageDays: Long,
  maxRuleNodeExecutionsPerMessage: Int,
  maxEmails: Long,
  maxSms: Long,
  maxCreatedAlarms: Long,
  defaultStorageTtlDays: Int,
  alarmsTtlDays: Int,
  rpcTtlDays: Int,
  warnThreshold: Type.Optional(Nullable(Type.Number({ minimum: 0 }))),
});

export const RATE_LIMIT_KEYS = [
  'transportTenantMsgRateLimit',
  'transportTenantTelemetryMsgRateLimit',
  'transportTenantTelemetryDataPointsRateLimit',
  'transportDeviceMsgRateLimit',
  'transportDeviceTelemetryMsgRateLimit',
  'transportDeviceTelemetryDataPointsRateLimit',
] as const;

export const TenantProfileBody = Type.Object({
  id: Type.Optional(Nullable(EntityIdRef)),
  createdTime: Type.Optional(Type.Unknown()),
  name: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  description: Type.Optional(Nullable(Type.String({ maxLength: 10000 }))),
  default: Type.Optional(Nullable(Type.Boolean())),
  isolatedTbCore: Type.Optional(Nullable(Type.Boolean())),
  isolatedTbRuleEngine: Type.Optional(Nullable(Type.Boolean())),
  profileData: Type.Optional(
    Nullable(Type.Object({ configuration: Type.Optional(Nullable(TenantProfileConfigurationSchema)) })),
  ),
});

export type TenantProfileInput = Static<typeof TenantProfileBody>;
