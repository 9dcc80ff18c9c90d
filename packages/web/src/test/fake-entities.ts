import {
  type Asset,
  type AssetInfo,
  type Customer,
  createDefaultDeviceData,
  createDefaultDeviceProfileData,
  type DeviceCredentials,
  type DeviceInfo,
  type DeviceProfile,
  type DeviceProfileInfo,
  type EntitySubtype,
  NULL_UUID,
} from '@meridian/common';
import { createFakeBackend, type FakeReply, type Handler } from './fake-backend';
import * as reply from './fake-replies';
import { type Route, routedFetch } from './fake-routes';

/**
 * In-memory customers, devices, device profiles and assets of tenant-1 behind the paths of
 * reference §1.3, added to the fake backend. Lists page, sort and search like the server.
 */

const TENANT = { entityType: 'TENANT', id: 'tenant-1' } as const;
const T0 = 1_700_000_000_000;

export interface EntityStore {
  customers: Customer[];
  profiles: DeviceProfile[];
  devices: DeviceInfo[];
  credentials: Map<string, DeviceCredentials>;
  assets: AssetInfo[];
  nextId: number;
}

function customer(id: string, title: string, createdTime: number, isPublic = false): Customer {
  return {
    id: { entityType: 'CUSTOMER', id },
    createdTime,
    tenantId: TENANT,
    title,
    name: title,
    country: null,
    state: null,
    city: isPublic ? null : 'Springfield',
    address: null,
    address2: null,
    zip: null,
    phone: null,
    email: isPublic ? null : `${id}@example.com`,
    additionalInfo: isPublic ? { isPublic: true } : { description: '' },
  };
}

function profile(
  id: string,
  name: string,
  createdTime: number,
  isDefault: boolean,
  transport: DeviceProfile['transportType'],
): DeviceProfile {
  return {
    id: { entityType: 'DEVICE_PROFILE', id },
    createdTime,
    tenantId: TENANT,
    name,
    description: isDefault ? 'Default device profile' : null,
    image: null,
    default: isDefault,
    type: 'DEFAULT',
    transportType: transport,
    provisionType: 'DISABLED',
    defaultRuleChainId: null,
    defaultDashboardId: null,
    defaultQueueName: null,
    profileData: createDefaultDeviceProfileData(transport),
    provisionDeviceKey: null,
    firmwareId: null,
    softwareId: null,
  };
}

export function createEntityStore(): EntityStore {
  const customers = [
    customer('customer-1', 'Customer A', T0 + 1000),
    customer('customer-2', 'Customer B', T0 + 2000),
    customer('customer-public', 'Public', T0 + 3000, true),
  ];
  const profiles = [
    profile('profile-default', 'default', T0, true, 'DEFAULT'),
    profile('profile-mqtt', 'MQTT sensors', T0 + 500, false, 'MQTT'),
  ];
  const store: EntityStore = {
    customers,
    profiles,
    devices: [],
    credentials: new Map(),
    assets: [],
    nextId: 1,
  };
  const seedDevice = (id: string, name: string, at: number, customerId: string | null, profileIndex = 0) => {
    const owner = customers.find((c) => c.id.id === customerId);
    const deviceProfile = profiles[profileIndex] as DeviceProfile;
    store.devices.push({
      id: { entityType: 'DEVICE', id },
      createdTime: at,
      tenantId: TENANT,
      customerId: { entityType: 'CUSTOMER', id: customerId ?? NULL_UUID },
      name,
      type: deviceProfile.name,
      label: null,
      deviceProfileId: deviceProfile.id,
      deviceData: createDefaultDeviceData(deviceProfile.transportType),
      firmwareId: null,
      softwareId: null,
      additionalInfo: { gateway: false, description: '' },
      customerTitle: owner?.title ?? null,
      customerIsPublic: owner?.additionalInfo?.isPublic === true,
      deviceProfileName: deviceProfile.name,
    });
    store.credentials.set(id, {
      id: { id: `cred-${id}` },
      createdTime: at,
      deviceId: { entityType: 'DEVICE', id },
      credentialsType: 'ACCESS_TOKEN',
      credentialsId: `${id.toUpperCase()}_TOKEN`,
      credentialsValue: null,
    });
  };
  seedDevice('device-a1', 'Device A1', T0 + 10_000, 'customer-1');
  seedDevice('device-b1', 'Device B1', T0 + 20_000, 'customer-2', 1);
  seedDevice('device-t1', 'Thermostat T1', T0 + 30_000, null);
  seedDevice('device-p1', 'Public sensor', T0 + 40_000, 'customer-public');
  const seedAsset = (id: string, name: string, type: string, at: number, customerId: string | null) => {
    const owner = customers.find((c) => c.id.id === customerId);
    store.assets.push({
      id: { entityType: 'ASSET', id },
      createdTime: at,
      tenantId: TENANT,
      customerId: { entityType: 'CUSTOMER', id: customerId ?? NULL_UUID },
      name,
      type,
      label: null,
      additionalInfo: { description: '' },
      customerTitle: owner?.title ?? null,
      customerIsPublic: owner?.additionalInfo?.isPublic === true,
    });
  };
  seedAsset('asset-1', 'Building 1', 'building', T0 + 10_000, 'customer-1');
  seedAsset('asset-2', 'Building 2', 'building', T0 + 20_000, null);
  seedAsset('asset-3', 'Pump 7', 'pump', T0 + 30_000, 'customer-2');
  return store;
}

function ownerFields(store: EntityStore, customerId: string | null) {
  const owner = store.customers.find((c) => c.id.id === customerId);
  return {
    customerId: { entityType: 'CUSTOMER' as const, id: owner ? owner.id.id : NULL_UUID },
    customerTitle: owner?.title ?? null,
    customerIsPublic: owner?.additionalInfo?.isPublic === true,
  };
}

/** Assigns an entity to a customer of the store (unassigns it for null); not found without one. */
export function assignToCustomer(
  store: EntityStore,
  entity: { customerId: unknown; customerTitle: string | null; customerIsPublic: boolean } | undefined,
  customerId: string | null,
): FakeReply {
  return reply.ifFound(entity, (found) => ({ body: Object.assign(found, ownerFields(store, customerId)) }));
}

function profileInfo(p: DeviceProfile): DeviceProfileInfo {
  return {
    id: p.id,
    name: p.name,
    image: p.image,
    defaultDashboardId: p.defaultDashboardId,
    type: p.type,
    transportType: p.transportType,
  };
}

function entityRoutes(store: EntityStore): Route[] {
  const newId = (prefix: string) => `${prefix}-new-${store.nextId++}`;
  const publicCustomer = () => store.customers.find((c) => c.additionalInfo?.isPublic === true) as Customer;
  const device = (id: string | undefined) => store.devices.find((d) => d.id.id === id);
  const asset = (id: string | undefined) => store.assets.find((a) => a.id.id === id);
  const assignDevice = (id: string | undefined, customerId: string | null) =>
    assignToCustomer(store, device(id), customerId);
  const assignAsset = (id: string | undefined, customerId: string | null) =>
    assignToCustomer(store, asset(id), customerId);
  const saveDevice = (body: Partial<DeviceInfo>, token?: string): FakeReply => {
    if (!body.name) {
      return reply.badRequest('Device name should be specified!');
    }
    const deviceProfile =
      store.profiles.find((p) => p.id.id === body.deviceProfileId?.id) ??
      store.profiles.find((p) => p.default);
    if (!deviceProfile) {
      return reply.badRequest('Device profile is required');
    }
    const existing = body.id ? device(body.id.id) : undefined;
    if (body.id && !existing) {
      return reply.notFound();
    }
    if (store.devices.some((d) => d.name === body.name && d.id.id !== body.id?.id)) {
      return reply.badRequest('Device with such name already exists!');
    }
    const saved: DeviceInfo = {
      ...(existing ?? {
        id: { entityType: 'DEVICE', id: newId('device') },
        createdTime: T0 + 100_000 + store.nextId,
        tenantId: TENANT,
        firmwareId: null,
        softwareId: null,
        ...ownerFields(store, null),
      }),
      name: body.name,
      label: body.label ?? null,
      type: deviceProfile.name,
      deviceProfileId: deviceProfile.id,
      deviceProfileName: deviceProfile.name,
      deviceData: body.deviceData ?? createDefaultDeviceData(deviceProfile.transportType),
      additionalInfo: body.additionalInfo ?? null,
    } as DeviceInfo;
    if (existing) {
      Object.assign(existing, saved);
    } else {
      store.devices.push(saved);
      store.credentials.set(saved.id.id, {
        id: { id: `cred-${saved.id.id}` },
        createdTime: saved.createdTime,
        deviceId: saved.id,
        credentialsType: 'ACCESS_TOKEN',
        credentialsId: token ?? 'GENERATED_TOKEN_0001',
        credentialsValue: null,
      });
    }
    return { body: saved };
  };
  return [
    // Customers
    ['GET', /^\/api\/customers$/, (call) => reply.page(store.customers, call.query, 'title')],
    [
      'GET',
      /^\/api\/customer\/(?<id>[^/]+)$/,
      (_call, p) => reply.found(store.customers.find((c) => c.id.id === p.id)),
    ],
    [
      'POST',
      /^\/api\/customer$/,
      (call) => {
        const body = call.body as Customer;
        if (!body.title) {
          return reply.badRequest('Customer title should be specified!');
        }
        const named = { ...body, name: body.title };
        return reply.saved(
          store.customers,
          named,
          () =>
            ({
              ...named,
              id: { entityType: 'CUSTOMER', id: newId('customer') },
              createdTime: T0 + 90_000,
              tenantId: TENANT,
            }) as Customer,
        );
      },
    ],
    ['DELETE', /^\/api\/customer\/(?<id>[^/]+)$/, (_call, p) => reply.deleted(store.customers, p.id)],
    // Devices
    [
      'GET',
      /^\/api\/tenant\/deviceInfos$/,
      (call) => {
        const profileId = call.query.get('deviceProfileId');
        return reply.page(
          store.devices.filter((d) => !profileId || d.deviceProfileId.id === profileId),
          call.query,
          'name',
        );
      },
    ],
    [
      'GET',
      /^\/api\/customer\/(?<id>[^/]+)\/deviceInfos$/,
      (call, p) => {
        const profileId = call.query.get('deviceProfileId');
        return reply.page(
          store.devices.filter(
            (d) => d.customerId.id === p.id && (!profileId || d.deviceProfileId.id === profileId),
          ),
          call.query,
          'name',
        );
      },
    ],
    ['GET', /^\/api\/device\/info\/(?<id>[^/]+)$/, (_call, p) => reply.found(device(p.id))],
    [
      'POST',
      /^\/api\/device$/,
      (call) => saveDevice(call.body as DeviceInfo, call.query.get('accessToken') ?? undefined),
    ],
    [
      'POST',
      /^\/api\/device-with-credentials$/,
      (call) => {
        const { device: body, credentials } = call.body as {
          device: DeviceInfo;
          credentials: DeviceCredentials;
        };
        const outcome = saveDevice(body);
        const saved = outcome.body as DeviceInfo | undefined;
        if (saved?.id) {
          store.credentials.set(saved.id.id, {
            id: { id: `cred-${saved.id.id}` },
            createdTime: saved.createdTime,
            deviceId: saved.id,
            credentialsType: credentials.credentialsType,
            credentialsId: credentials.credentialsId,
            credentialsValue: credentials.credentialsValue,
          });
        }
        return outcome;
      },
    ],
    ['DELETE', /^\/api\/device\/(?<id>[^/]+)$/, (_call, p) => reply.deleted(store.devices, p.id)],
    [
      'POST',
      /^\/api\/customer\/public\/device\/(?<id>[^/]+)$/,
      (_call, p) => assignDevice(p.id, publicCustomer().id.id),
    ],
    [
      'POST',
      /^\/api\/customer\/(?<customer>[^/]+)\/device\/(?<id>[^/]+)$/,
      (_call, p) => assignDevice(p.id, p.customer ?? null),
    ],
    ['DELETE', /^\/api\/customer\/device\/(?<id>[^/]+)$/, (_call, p) => assignDevice(p.id, null)],
    [
      'GET',
      /^\/api\/device\/(?<id>[^/]+)\/credentials$/,
      (_call, p) => reply.found(store.credentials.get(p.id ?? '')),
    ],
    [
      'POST',
      /^\/api\/device\/credentials$/,
      (call) => {
        const body = call.body as DeviceCredentials;
        store.credentials.set(body.deviceId.id, body);
        return { body };
      },
    ],
    // Device profiles
    ['GET', /^\/api\/deviceProfiles$/, (call) => reply.page(store.profiles, call.query, 'name')],
    [
      'GET',
      /^\/api\/deviceProfileInfos$/,
      (call) => {
        const transport = call.query.get('transportType');
        return reply.page(
          store.profiles.filter((p) => !transport || p.transportType === transport).map(profileInfo),
          call.query,
          'name',
        );
      },
    ],
    [
      'GET',
      /^\/api\/deviceProfileInfo\/default$/,
      () => ({ body: profileInfo(store.profiles.find((p) => p.default) as DeviceProfile) }),
    ],
    [
      'GET',
      /^\/api\/deviceProfileInfo\/(?<id>[^/]+)$/,
      (_call, p) =>
        reply.ifFound(
          store.profiles.find((item) => item.id.id === p.id),
          (found) => ({ body: profileInfo(found) }),
        ),
    ],
    [
      'GET',
      /^\/api\/deviceProfile\/(?<id>[^/]+)$/,
      (_call, p) => reply.found(store.profiles.find((item) => item.id.id === p.id)),
    ],
    [
      'POST',
      /^\/api\/deviceProfile$/,
      (call) => {
        const body = call.body as DeviceProfile;
        return reply.savedProfile(
          store.profiles,
          body,
          'Device profile',
          (): DeviceProfile => ({
            ...body,
            id: { entityType: 'DEVICE_PROFILE', id: newId('profile') },
            createdTime: T0 + 95_000,
            tenantId: TENANT,
            default: false,
          }),
        );
      },
    ],
    [
      'POST',
      /^\/api\/deviceProfile\/(?<id>[^/]+)\/default$/,
      (_call, p) => reply.madeDefault(store.profiles, p.id),
    ],
    [
      'DELETE',
      /^\/api\/deviceProfile\/(?<id>[^/]+)$/,
      (_call, p) =>
        store.profiles.find((item) => item.id.id === p.id)?.default
          ? reply.badRequest('The device profile referenced by the devices cannot be deleted!')
          : reply.deleted(store.profiles, p.id),
    ],
    // Assets
    [
      'GET',
      /^\/api\/tenant\/assetInfos$/,
      (call) => {
        const type = call.query.get('type');
        return reply.page(
          store.assets.filter((a) => !type || a.type === type),
          call.query,
          'name',
        );
      },
    ],
    [
      'GET',
      /^\/api\/customer\/(?<id>[^/]+)\/assetInfos$/,
      (call, p) => {
        const type = call.query.get('type');
        return reply.page(
          store.assets.filter((a) => a.customerId.id === p.id && (!type || a.type === type)),
          call.query,
          'name',
        );
      },
    ],
    [
      'GET',
      /^\/api\/asset\/types$/,
      () => ({
        body: [...new Set(store.assets.map((a) => a.type))]
          .sort()
          .map((type): EntitySubtype => ({ tenantId: TENANT, entityType: 'ASSET', type })),
      }),
    ],
    ['GET', /^\/api\/asset\/info\/(?<id>[^/]+)$/, (_call, p) => reply.found(asset(p.id))],
    [
      'POST',
      /^\/api\/asset$/,
      (call) => {
        const body = call.body as Asset;
        if (!body.name || !body.type) {
          return reply.badRequest('Asset name should be specified!');
        }
        return reply.saved(
          store.assets,
          body,
          (): AssetInfo => ({
            ...body,
            id: { entityType: 'ASSET', id: newId('asset') },
            createdTime: T0 + 80_000,
            tenantId: TENANT,
            label: body.label ?? null,
            additionalInfo: body.additionalInfo ?? null,
            ...ownerFields(store, null),
          }),
        );
      },
    ],
    ['DELETE', /^\/api\/asset\/(?<id>[^/]+)$/, (_call, p) => reply.deleted(store.assets, p.id)],
    [
      'POST',
      /^\/api\/customer\/public\/asset\/(?<id>[^/]+)$/,
      (_call, p) => assignAsset(p.id, publicCustomer().id.id),
    ],
    [
      'POST',
      /^\/api\/customer\/(?<customer>[^/]+)\/asset\/(?<id>[^/]+)$/,
      (_call, p) => assignAsset(p.id, p.customer ?? null),
    ],
    ['DELETE', /^\/api\/customer\/asset\/(?<id>[^/]+)$/, (_call, p) => assignAsset(p.id, null)],
  ];
}

/**
 * The fake backend plus the entity routes above. `overrides` ("METHOD /path" → handler) win over
 * both, for error cases.
 */
export function createEntityBackend(
  store: EntityStore = createEntityStore(),
  overrides: Record<string, Handler> = {},
) {
  const base = createFakeBackend(overrides);
  // An override names one method and path; it wins over the entity routes.
  const fetch = routedFetch(entityRoutes(store), base, (method, path) => `${method} ${path}` in overrides);
  return { ...base, fetch, store };
}
