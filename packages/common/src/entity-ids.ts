import type { EntityId, PlainId } from './entity-types.js';

/**
 * Typed aliases for the wire ids of each entity (reference §1.5): every `EntityId` class of the
 * reference serialises as `{"entityType","id"}`; the others as `{"id"}` ({@link PlainId}).
 */
export type TenantId = EntityId<'TENANT'>;
export type CustomerId = EntityId<'CUSTOMER'>;
export type UserId = EntityId<'USER'>;
export type DashboardId = EntityId<'DASHBOARD'>;
export type AssetId = EntityId<'ASSET'>;
export type DeviceId = EntityId<'DEVICE'>;
export type AlarmId = EntityId<'ALARM'>;
export type RuleChainId = EntityId<'RULE_CHAIN'>;
export type RuleNodeId = EntityId<'RULE_NODE'>;
export type EntityViewId = EntityId<'ENTITY_VIEW'>;
export type WidgetsBundleId = EntityId<'WIDGETS_BUNDLE'>;
export type WidgetTypeId = EntityId<'WIDGET_TYPE'>;
export type TenantProfileId = EntityId<'TENANT_PROFILE'>;
export type DeviceProfileId = EntityId<'DEVICE_PROFILE'>;
export type ApiUsageStateId = EntityId<'API_USAGE_STATE'>;
export type TbResourceId = EntityId<'TB_RESOURCE'>;
export type OtaPackageId = EntityId<'OTA_PACKAGE'>;
export type EdgeId = EntityId<'EDGE'>;
export type RpcId = EntityId<'RPC'>;

/** Ids that travel as `{"id"}` only. */
export type AdminSettingsId = PlainId;
export type AuditLogId = PlainId;
export type ComponentDescriptorId = PlainId;
export type DeviceCredentialsId = PlainId;
export type EdgeEventId = PlainId;
export type EventId = PlainId;
