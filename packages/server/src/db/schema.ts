import type { ColumnType } from 'kysely';

/**
 * Row types of the SQL schema as Kysely sees them through CamelCasePlugin (snake_case in SQL,
 * camelCase here). JSON columns are jsonb: read as parsed values, written as JSON text.
 */
type Json = ColumnType<unknown, string, string>;
type NullableJson = ColumnType<unknown | null, string | null, string | null>;

export interface AdminSettingsTable {
  id: string;
  createdTime: number;
  key: string;
  jsonValue: Json;
}

export interface TenantProfileTable {
  id: string;
  createdTime: number;
  name: string;
  description: string | null;
  profileData: Json;
  isDefault: boolean;
  isolatedTbCore: boolean;
  isolatedTbRuleEngine: boolean;
}

interface ContactColumns {
  country: string | null;
  state: string | null;
  city: string | null;
  address: string | null;
  address2: string | null;
  zip: string | null;
  phone: string | null;
  email: string | null;
}

export interface TenantTable extends ContactColumns {
  id: string;
  createdTime: number;
  tenantProfileId: string;
  title: string;
  region: string | null;
  additionalInfo: NullableJson;
}

export interface CustomerTable extends ContactColumns {
  id: string;
  createdTime: number;
  tenantId: string;
  title: string;
  additionalInfo: NullableJson;
}

export interface UserTable {
  id: string;
  createdTime: number;
  tenantId: string | null;
  customerId: string | null;
  authority: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  additionalInfo: NullableJson;
}

export interface UserCredentialsTable {
  id: string;
  createdTime: number;
  userId: string;
  enabled: boolean;
  password: string | null;
  activateToken: string | null;
  resetToken: string | null;
  passwordChangedTs: number | null;
  tokensOutdatedAt: number | null;
}

export interface DeviceProfileTable {
  id: string;
  createdTime: number;
  tenantId: string;
  name: string;
  type: string;
  image: string | null;
  transportType: string;
  provisionType: string;
  profileData: Json;
  description: string | null;
  isDefault: boolean;
  defaultRuleChainId: string | null;
  defaultDashboardId: string | null;
  defaultQueueName: string | null;
  provisionDeviceKey: string | null;
  firmwareId: string | null;
  softwareId: string | null;
}

export interface DeviceTable {
  id: string;
  createdTime: number;
  tenantId: string;
  customerId: string | null;
  deviceProfileId: string;
  name: string;
  type: string | null;
  label: string | null;
  deviceData: NullableJson;
  additionalInfo: NullableJson;
  firmwareId: string | null;
  softwareId: string | null;
}

export interface DeviceCredentialsTable {
  id: string;
  createdTime: number;
  deviceId: string;
  credentialsType: string;
  credentialsId: string;
  credentialsValue: string | null;
}

export interface AssetTable {
  id: string;
  createdTime: number;
  tenantId: string;
  customerId: string | null;
  name: string;
  type: string;
  label: string | null;
  additionalInfo: NullableJson;
}

export interface DashboardTable {
  id: string;
  createdTime: number;
  tenantId: string;
  title: string;
  image: string | null;
  configuration: NullableJson;
  assignedCustomers: Json;
  mobileHide: boolean;
  mobileOrder: number | null;
  /** Save counter (optimistic locking); bigint, read back as a number. */
  version: ColumnType<number, number | undefined, number>;
}

/** A widgets bundle; no tenant for the system bundles. */
export interface WidgetsBundleTable {
  id: string;
  createdTime: number;
  tenantId: string | null;
  alias: string;
  title: string;
  image: string | null;
  description: string | null;
}

/** A widget type of a bundle (by the bundle's alias); no tenant for system types. */
export interface WidgetTypeTable {
  id: string;
  createdTime: number;
  tenantId: string | null;
  bundleAlias: string;
  alias: string;
  name: string;
  image: string | null;
  description: string | null;
  descriptor: Json;
}

/** A rule chain; `connections` holds its node connections by node id (migration 0011). */
export interface RuleChainTable {
  id: string;
  createdTime: number;
  tenantId: string;
  name: string;
  type: string;
  firstRuleNodeId: string | null;
  root: boolean;
  debugMode: boolean;
  configuration: NullableJson;
  additionalInfo: NullableJson;
  connections: Json;
  ruleChainConnections: NullableJson;
}

/** A node of a rule chain at position `nodeIndex` of its metadata; `type` is the node class name. */
/** What a rule node keeps per entity across restarts (the device profile node's alarm rule counts). */
export interface ApiUsageStateTable {
  id: string;
  createdTime: number;
  tenantId: string;
  entityType: string;
  entityId: string;
  transport: string;
  dbStorage: string;
  reExec: string;
  jsExec: string;
  emailExec: string;
  smsExec: string;
  alarmExec: string;
}

export interface RuleNodeStateTable {
  ruleNodeId: string;
  entityType: string;
  entityId: string;
  createdTime: number;
  stateData: Json;
}

export interface RuleNodeTable {
  id: string;
  createdTime: number;
  ruleChainId: string;
  nodeIndex: number;
  type: string;
  name: string;
  debugMode: boolean;
  configuration: Json;
  additionalInfo: NullableJson;
}

export interface RelationTable {
  fromId: string;
  fromType: string;
  toId: string;
  toType: string;
  relationTypeGroup: string;
  relationType: string;
  additionalInfo: NullableJson;
}

export interface EntityViewTable {
  id: string;
  createdTime: number;
  tenantId: string;
  customerId: string | null;
  entityId: string;
  entityType: string;
  name: string;
  type: string;
  keys: NullableJson;
  startTs: number;
  endTs: number;
  additionalInfo: NullableJson;
}

export interface AuditLogTable {
  id: string;
  createdTime: number;
  tenantId: string | null;
  customerId: string | null;
  entityId: string | null;
  entityType: string | null;
  entityName: string | null;
  userId: string | null;
  userName: string | null;
  actionType: string;
  actionData: NullableJson;
  actionStatus: string;
  actionFailureDetails: string | null;
}

/**
 * Value columns of the attribute and time-series tables: exactly one is set. long_v is written as
 * decimal text and read back as text (`long_v::text`) so all 64 bits survive; json_v is `json`,
 * written and read as text.
 */
interface KvValueColumns {
  boolV: boolean | null;
  strV: string | null;
  longV: ColumnType<string | null, string | null, string | null>;
  dblV: number | null;
  jsonV: ColumnType<string | null, string | null, string | null>;
}

export interface TsKvDictionaryTable {
  key: string;
  keyId: ColumnType<number, never, never>;
}

export interface TsKvTable extends KvValueColumns {
  entityId: string;
  key: number;
  ts: number;
}

export type TsKvLatestTable = TsKvTable;

export interface AttributeKvTable extends KvValueColumns {
  entityType: string;
  entityId: string;
  attributeType: string;
  attributeKey: string;
  lastUpdateTs: number;
}

/** A persistent server-side RPC; `request` is `{method, params, oneway, timeout, …}` as stored. */
export interface RpcTable {
  id: string;
  createdTime: number;
  tenantId: string;
  deviceId: string;
  expirationTime: number;
  request: Json;
  response: NullableJson;
  status: string;
  additionalInfo: NullableJson;
}

/** An alarm (reference §5.1 `alarm`); `details` is the reference's `additional_info`. */
export interface AlarmTable {
  id: string;
  createdTime: number;
  tenantId: string;
  customerId: string | null;
  originatorId: string;
  originatorType: string;
  type: string;
  severity: string;
  status: string;
  startTs: number;
  endTs: number;
  ackTs: number;
  clearTs: number;
  details: NullableJson;
  propagate: boolean;
  propagateToOwner: boolean;
  propagateToTenant: boolean;
  propagateRelationTypes: NullableJson;
}

/** Links an alarm to its originator and to each entity it propagates to. */
export interface EntityAlarmTable {
  tenantId: string;
  entityType: string;
  entityId: string;
  createdTime: number;
  alarmType: string;
  customerId: string | null;
  alarmId: string;
}

/** An entity event (reference §5.1 `event`); `body` is the event's JSON (see common/event.ts). */
export interface EventTable {
  id: string;
  createdTime: number;
  tenantId: string;
  entityType: string;
  entityId: string;
  eventType: string;
  eventUid: string;
  body: Json;
  ts: number;
}

export interface Database {
  adminSettings: AdminSettingsTable;
  tenantProfile: TenantProfileTable;
  tenant: TenantTable;
  customer: CustomerTable;
  tbUser: UserTable;
  userCredentials: UserCredentialsTable;
  deviceProfile: DeviceProfileTable;
  device: DeviceTable;
  deviceCredentials: DeviceCredentialsTable;
  asset: AssetTable;
  dashboard: DashboardTable;
  relation: RelationTable;
  entityView: EntityViewTable;
  auditLog: AuditLogTable;
  tsKvDictionary: TsKvDictionaryTable;
  tsKv: TsKvTable;
  tsKvLatest: TsKvLatestTable;
  attributeKv: AttributeKvTable;
  rpc: RpcTable;
  alarm: AlarmTable;
  entityAlarm: EntityAlarmTable;
  widgetsBundle: WidgetsBundleTable;
  widgetType: WidgetTypeTable;
  ruleChain: RuleChainTable;
  ruleNode: RuleNodeTable;
  ruleNodeState: RuleNodeStateTable;
  apiUsageState: ApiUsageStateTable;
  event: EventTable;
}
