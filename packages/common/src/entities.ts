import type { DeviceData } from './device-data.js';
import type {
  AssetId,
  CustomerId,
  DashboardId,
  DeviceId,
  DeviceProfileId,
  EdgeId,
  EntityViewId,
  OtaPackageId,
  RuleChainId,
  TenantId,
  TenantProfileId,
  UserId,
} from './entity-ids.js';
import type { EntityId, EntityType, UserAuthority } from './entity-types.js';
import type { JsonValue } from './json.js';
import type { RelationsSearchParameters } from './relation.js';

/**
 * JSON shapes of the core entities (reference §1.5). Nulls are written by the reference, so optional
 * wire fields are typed `T | null`. Read-only computed `name` fields (title or email) are optional
 * because the server ignores them on input.
 */

/** Fields every stored entity has. */
export interface BaseData<I> {
  id: I;
  createdTime: number;
}

/**
 * An entity as sent for creation: no id or creation time yet (an update sends the existing id).
 */
export type EntityDraft<T extends BaseData<unknown>> = Omit<T, 'id' | 'createdTime'> &
  Partial<Pick<T, 'id' | 'createdTime'>>;

/** Free-form `additionalInfo` with well-known keys typed. */
export interface AdditionalInfo {
  description?: string;
  [key: string]: JsonValue | undefined;
}

/** Contact fields shared by tenants and customers (spec 2 §3 "Contact"). */
export const CONTACT_FIELDS = [
  'country',
  'city',
  'state',
  'zip',
  'address',
  'address2',
  'phone',
  'email',
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export interface ContactBased {
  country: string | null;
  state: string | null;
  city: string | null;
  address: string | null;
  address2: string | null;
  zip: string | null;
  phone: string | null;
  email: string | null;
}

export interface OwnerAdditionalInfo extends AdditionalInfo {
  homeDashboardId?: string;
  homeDashboardHideToolbar?: boolean;
}

/** A tenant (reference §1.5 Tenant); `name` is read-only and equals `title`. */
export interface Tenant extends BaseData<TenantId>, ContactBased {
  title: string;
  region: string | null;
  tenantProfileId: TenantProfileId;
  additionalInfo: OwnerAdditionalInfo | null;
  name?: string;
}

/** A tenant list row with its profile name (`/api/tenantInfos`). */
export interface TenantInfo extends Tenant {
  tenantProfileName: string;
}

export interface CustomerAdditionalInfo extends OwnerAdditionalInfo {
  isPublic?: boolean;
}

/** A customer (reference §1.5 Customer); `name` is read-only and equals `title`. */
export interface Customer extends BaseData<CustomerId>, ContactBased {
  title: string;
  tenantId: TenantId;
  additionalInfo: CustomerAdditionalInfo | null;
  name?: string;
}

/** Title of the customer the reference creates lazily for public access. */
export const PUBLIC_CUSTOMER_TITLE = 'Public';

/** `GET /api/customer/{id}/shortInfo` (reference §1.4): the title and whether it is the public customer. */
export interface CustomerTitleInfo {
  title: string;
  isPublic: boolean;
}

/** A dashboard's assigned customers (reference `ShortCustomerInfo`, `isPublic` → `public`). */
export interface ShortCustomerInfo {
  customerId: CustomerId;
  title: string;
  public: boolean;
}

export interface UserAdditionalInfo extends AdditionalInfo {
  /** UI language, one of `SUPPORTED_LANGUAGES`; null or absent means the default. */
  lang?: string | null;
  defaultDashboardId?: string | null;
  defaultDashboardFullscreen?: boolean;
  homeDashboardId?: string | null;
  homeDashboardHideToolbar?: boolean;
  userCredentialsEnabled?: boolean;
  failedLoginAttempts?: number;
  lastLoginTs?: number;
  /** Meridian: when the security policy locked the account (epoch ms); the lockout ends after a while. */
  lockoutTs?: number;
  /** Meridian: the system administrator last signed in with the installed password. */
  defaultPasswordInUse?: boolean;
}

/** A user (reference §1.5 User); sys admins have null-UUID tenant and customer, tenant admins a null-UUID customer. */
export interface User extends BaseData<UserId> {
  tenantId: TenantId;
  customerId: CustomerId;
  email: string;
  authority: UserAuthority;
  firstName: string | null;
  lastName: string | null;
  additionalInfo: UserAdditionalInfo | null;
  name?: string;
}

export interface DeviceAdditionalInfo extends AdditionalInfo {
  gateway?: boolean;
  overwriteActivityTime?: boolean;
  lastConnectedGateway?: string;
}

/** A device (reference §1.5 Device); unassigned devices carry the null-UUID customer. */
export interface Device extends BaseData<DeviceId> {
  tenantId: TenantId;
  customerId: CustomerId;
  name: string;
  /** Always the device profile's name. */
  type: string;
  label: string | null;
  deviceProfileId: DeviceProfileId;
  deviceData: DeviceData;
  firmwareId: OtaPackageId | null;
  softwareId: OtaPackageId | null;
  additionalInfo: DeviceAdditionalInfo | null;
}

/** Extra fields of `*Info` list rows of customer-ownable entities. */
export interface CustomerInfoFields {
  customerTitle: string | null;
  customerIsPublic: boolean;
}

/** A device list row (`/api/tenant/deviceInfos` etc.). */
export interface DeviceInfo extends Device, CustomerInfoFields {
  deviceProfileName: string;
}

/** An asset (reference §1.5 Asset). */
export interface Asset extends BaseData<AssetId> {
  tenantId: TenantId;
  customerId: CustomerId;
  name: string;
  type: string;
  label: string | null;
  additionalInfo: AdditionalInfo | null;
}

/** An asset list row with its customer. */
export interface AssetInfo extends Asset, CustomerInfoFields {}

/** Telemetry and attribute keys an entity view exposes (`cs`, `ss`, `sh` = client, server, shared). */
export interface EntityViewKeys {
  timeseries: string[];
  attributes: { cs: string[]; ss: string[]; sh: string[] };
}

/** An entity view: a window onto some keys of a device or asset for a time range. */
export interface EntityView extends BaseData<EntityViewId> {
  tenantId: TenantId;
  customerId: CustomerId;
  entityId: EntityId<'DEVICE' | 'ASSET'>;
  name: string;
  type: string;
  keys: EntityViewKeys | null;
  /** 0 means unbounded. */
  startTimeMs: number;
  endTimeMs: number;
  additionalInfo: AdditionalInfo | null;
}

/** An entity view list row with its customer. */
export interface EntityViewInfo extends EntityView, CustomerInfoFields {}

/**
 * Body of `POST /api/entityViews`: entity views related to the root entity by `relationType` (any
 * when empty) whose type is one of `entityViewTypes`.
 */
export interface EntityViewSearchQuery {
  parameters: RelationsSearchParameters;
  relationType?: string | null;
  entityViewTypes: string[];
}

/** An edge instance; `routingKey` and `secret` are what the edge connects with. */
export interface Edge extends BaseData<EdgeId> {
  tenantId: TenantId;
  customerId: CustomerId;
  rootRuleChainId: RuleChainId | null;
  name: string;
  type: string;
  label: string | null;
  routingKey: string;
  secret: string;
  additionalInfo: AdditionalInfo | null;
}

/** An edge list row with its customer. */
export interface EdgeInfo extends Edge, CustomerInfoFields {}

/** Length of the secret generated for a new edge when none is entered (spec 1 §3). */
export const EDGE_SECRET_LENGTH = 20;

/** Dashboard list row; `name` is read-only and equals `title`. */
export interface DashboardInfo extends BaseData<DashboardId> {
  tenantId: TenantId;
  title: string;
  image: string | null;
  assignedCustomers: ShortCustomerInfo[] | null;
  mobileHide: boolean;
  mobileOrder: number | null;
  name?: string;
}

/**
 * A full dashboard; `configuration` is opaque to the server (widgets, states, aliases, …). The
 * reference types it as a JsonNode, so any JSON value comes back as stored; the console reads a
 * non-object as an empty dashboard.
 */
export interface Dashboard extends DashboardInfo {
  configuration: JsonValue | null;
  /**
   * Incremented by the server on every save. A save that sends it back is refused (409,
   * VERSION_CONFLICT) when someone saved in between; a save without it (ThingsBoard 3.3 clients)
   * always goes through.
   */
  version?: number;
}

/** The home dashboard of a user, tenant or customer (`GET /api/dashboard/home`). */
export interface HomeDashboard extends Dashboard {
  hideDashboardToolbar: boolean;
}

/** Which dashboard is home and whether its toolbar is hidden. */
export interface HomeDashboardInfo {
  dashboardId: DashboardId | null;
  hideDashboardToolbar: boolean;
}

/** A distinct entity type name within a tenant (`GET /api/device/types` etc.). */
export interface EntitySubtype {
  tenantId: TenantId;
  entityType: EntityType;
  type: string;
}

/** Minimal id + name pair (e.g. tenant profile infos). */
export interface EntityInfo {
  id: EntityId;
  name: string;
}
