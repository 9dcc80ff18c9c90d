import { NULL_UUID, type TenantInfo, type TenantProfile, type User } from '@meridian/common';
import { ACCOUNTS, DASHBOARDS_PAGE, pairFor, userOf } from '../../test/fake-backend';
import { createEntityBackend, createEntityStore, type EntityStore } from '../../test/fake-entities';
import * as reply from '../../test/fake-replies';
import { type Route, routedFetch } from '../../test/fake-routes';

/**
 * Test-only: tenants, tenant profiles and managed users behind the paths of reference §1.3, on top
 * of the fake entity backend. Lists page, sort and search like the server.
 */

const T0 = 1_700_000_000_000;

export interface AdminStore {
  profiles: TenantProfile[];
  tenants: TenantInfo[];
  /** Users by id, with whether their account is enabled and their activation token. */
  users: { user: User; enabled: boolean; activateToken: string | null }[];
  nextId: number;
}

function tenantProfile(id: string, name: string, at: number, isDefault: boolean): TenantProfile {
  return {
    id: { entityType: 'TENANT_PROFILE', id },
    createdTime: at,
    name,
    description: isDefault ? 'Default tenant profile' : null,
    default: isDefault,
    isolatedTbCore: false,
    isolatedTbRuleEngine: false,
    profileData: { configuration: { type: 'DEFAULT', maxDevices: 0, warnThreshold: 0.8 } },
  };
}

function tenant(id: string, title: string, at: number, profile: TenantProfile): TenantInfo {
  return {
    id: { entityType: 'TENANT', id },
    createdTime: at,
    title,
    name: title,
    region: 'Global',
    tenantProfileId: profile.id,
    tenantProfileName: profile.name,
    country: null,
    state: null,
    city: 'Springfield',
    address: null,
    address2: null,
    zip: null,
    phone: null,
    email: `${id}@example.com`,
    additionalInfo: { description: '' },
  };
}

function managedUser(
  id: string,
  email: string,
  at: number,
  tenantId: string,
  customerId: string | null,
  names: [string, string] | null,
): User {
  return {
    id: { entityType: 'USER', id },
    createdTime: at,
    tenantId: { entityType: 'TENANT', id: tenantId },
    customerId: { entityType: 'CUSTOMER', id: customerId ?? NULL_UUID },
    email,
    name: email,
    authority: customerId ? 'CUSTOMER_USER' : 'TENANT_ADMIN',
    firstName: names?.[0] ?? null,
    lastName: names?.[1] ?? null,
    additionalInfo: { description: '' },
  };
}

export function createAdminStore(): AdminStore {
  const profiles = [
    tenantProfile('tp-default', 'Default', T0, true),
    tenantProfile('tp-small', 'Small', T0 + 500, false),
  ];
  const [standard, small] = profiles as [TenantProfile, TenantProfile];
  const tenantAdmin = ACCOUNTS.find((account) => account.authority === 'TENANT_ADMIN');
  if (!tenantAdmin) {
    throw new Error('no tenant admin account');
  }
  return {
    profiles,
    tenants: [
      tenant('tenant-1', 'Tenant One', T0 + 1000, standard),
      tenant('tenant-2', 'Tenant Two', T0 + 2000, small),
    ],
    users: [
      { user: userOf(tenantAdmin), enabled: true, activateToken: null },
      {
        user: managedUser('user-pending', 'pending@meridian.test', T0 + 3000, 'tenant-1', null, null),
        enabled: false,
        activateToken: 'PENDINGTOKEN',
      },
      {
        user: managedUser('user-c1', 'cu1@meridian.test', T0 + 4000, 'tenant-1', 'customer-1', [
          'Carla',
          'User',
        ]),
        enabled: true,
        activateToken: null,
      },
      {
        user: managedUser('user-t2', 'admin2@meridian.test', T0 + 5000, 'tenant-2', null, ['Tom', 'Two']),
        enabled: true,
        activateToken: null,
      },
    ],
    nextId: 1,
  };
}

function adminRoutes(store: AdminStore): Route[] {
  const newId = (prefix: string) => `${prefix}-new-${store.nextId++}`;
  const profile = (id: string | undefined) => store.profiles.find((p) => p.id.id === id);
  const found = (id: string | undefined) => store.users.find((entry) => entry.user.id.id === id);
  const wireUser = (entry: AdminStore['users'][number]): User => ({
    ...entry.user,
    additionalInfo: { ...(entry.user.additionalInfo ?? {}), userCredentialsEnabled: entry.enabled },
  });
  const link = (token: string) => `http://localhost:8080/api/noauth/activate?activateToken=${token}`;
  return [
    // Tenant profiles
    ['GET', /^\/api\/tenantProfiles$/, (call) => reply.page(store.profiles, call.query, 'name')],
    [
      'GET',
      /^\/api\/tenantProfileInfos$/,
      (call) =>
        reply.page(
          store.profiles.map((p) => ({ id: p.id, name: p.name })),
          call.query,
          'name',
        ),
    ],
    [
      'GET',
      /^\/api\/tenantProfileInfo\/default$/,
      () => {
        const p = store.profiles.find((item) => item.default) as TenantProfile;
        return { body: { id: p.id, name: p.name } };
      },
    ],
    ['GET', /^\/api\/tenantProfile\/(?<id>[^/]+)$/, (_call, p) => reply.found(profile(p.id))],
    [
      'POST',
      /^\/api\/tenantProfile$/,
      (call) => {
        const body = call.body as TenantProfile;
        return reply.savedProfile(store.profiles, body, 'Tenant profile', () => ({
          ...body,
          id: { entityType: 'TENANT_PROFILE', id: newId('tp') },
          createdTime: T0 + 90_000,
          default: false,
        }));
      },
    ],
    [
      'POST',
      /^\/api\/tenantProfile\/(?<id>[^/]+)\/default$/,
      (_call, p) => reply.madeDefault(store.profiles, p.id),
    ],
    [
      'DELETE',
      /^\/api\/tenantProfile\/(?<id>[^/]+)$/,
      (_call, p) =>
        reply.ifFound(profile(p.id), (item) => {
          if (item.default) {
            return reply.badRequest('Deletion of Default Tenant Profile is prohibited!');
          }
          if (store.tenants.some((x) => x.tenantProfileId.id === item.id.id)) {
            return reply.badRequest('The tenant profile referenced by the tenants cannot be deleted!');
          }
          return reply.deleted(store.profiles, item.id.id);
        }),
    ],
    // Tenants
    ['GET', /^\/api\/tenantInfos$/, (call) => reply.page(store.tenants, call.query, 'title')],
    [
      'GET',
      /^\/api\/tenant(?:\/info)?\/(?<id>[^/]+)$/,
      (call, p) =>
        reply.ifFound(
          store.tenants.find((x) => x.id.id === p.id),
          (item) => {
            if (call.path.startsWith('/api/tenant/info/')) {
              return { body: item };
            }
            const { tenantProfileName: _name, ...plain } = item;
            return { body: plain };
          },
        ),
    ],
    [
      'POST',
      /^\/api\/tenant$/,
      (call) => {
        const body = call.body as TenantInfo;
        if (!body.title) {
          return reply.badRequest('Tenant title should be specified!');
        }
        const chosen = profile(body.tenantProfileId?.id) ?? store.profiles.find((p) => p.default);
        if (!chosen) {
          return reply.badRequest('Tenant is referencing to non-existent tenant profile!');
        }
        const existing = store.tenants.find((x) => x.id.id === body.id?.id);
        const saved = {
          ...(existing ?? { id: { entityType: 'TENANT', id: newId('tenant') }, createdTime: T0 + 80_000 }),
          ...body,
          name: body.title,
          region: body.region ?? 'Global',
          tenantProfileId: chosen.id,
          tenantProfileName: chosen.name,
        } as TenantInfo;
        if (existing) {
          Object.assign(existing, saved);
        } else {
          store.tenants.push(saved);
        }
        const { tenantProfileName: _name, ...plain } = saved;
        return { body: plain };
      },
    ],
    ['DELETE', /^\/api\/tenant\/(?<id>[^/]+)$/, (_call, p) => reply.deleted(store.tenants, p.id)],
    // Dashboards a customer's users can be given
    ['GET', /^\/api\/customer\/(?<id>[^/]+)\/dashboards$/, () => ({ body: DASHBOARDS_PAGE })],
    // Users
    [
      'GET',
      /^\/api\/tenant\/(?<id>[^/]+)\/users$/,
      (call, p) =>
        reply.page(
          store.users
            .filter((e) => e.user.tenantId.id === p.id && e.user.authority === 'TENANT_ADMIN')
            .map((e) => e.user),
          call.query,
          'email',
        ),
    ],
    [
      'GET',
      /^\/api\/customer\/(?<id>[^/]+)\/users$/,
      (call, p) =>
        reply.page(
          store.users.filter((e) => e.user.customerId.id === p.id).map((e) => e.user),
          call.query,
          'email',
        ),
    ],
    [
      'GET',
      /^\/api\/user\/(?!tokenAccessEnabled$)(?<id>[^/]+)$/,
      (_call, p) => {
        const entry = found(p.id);
        return reply.found(entry && wireUser(entry));
      },
    ],
    [
      'POST',
      /^\/api\/user$/,
      (call) => {
        const body = call.body as User;
        if (store.users.some((e) => e.user.email === body.email && e.user.id.id !== body.id?.id)) {
          return reply.badRequest(`User with email '${body.email}' already present in database!`);
        }
        const existing = found(body.id?.id);
        if (existing) {
          const { userCredentialsEnabled: _enabled, ...info } = body.additionalInfo ?? {};
          existing.user = { ...body, name: body.email, additionalInfo: info };
          return { body: wireUser(existing) };
        }
        const user = {
          ...body,
          id: { entityType: 'USER', id: newId('user') },
          createdTime: T0 + 70_000 + store.nextId,
          name: body.email,
        } as User;
        store.users.push({ user, enabled: false, activateToken: `TOKEN${store.nextId}` });
        return { body: user };
      },
    ],
    [
      'DELETE',
      /^\/api\/user\/(?<id>[^/]+)$/,
      (_call, p) =>
        reply.ifFound(found(p.id), (entry) => {
          store.users.splice(store.users.indexOf(entry), 1);
          return { status: 200 };
        }),
    ],
    [
      'GET',
      /^\/api\/user\/(?<id>[^/]+)\/activationLink$/,
      (_call, p) =>
        reply.ifFound(found(p.id), (entry) =>
          entry.activateToken
            ? { text: link(entry.activateToken) }
            : reply.badRequest('User is already activated!'),
        ),
    ],
    [
      'POST',
      /^\/api\/user\/sendActivationMail$/,
      (call) =>
        reply.ifFound(
          store.users.find((e) => e.user.email === call.query.get('email')),
          (entry) => (entry.activateToken ? { status: 200 } : reply.badRequest('User is already activated!')),
        ),
    ],
    [
      'POST',
      /^\/api\/user\/(?<id>[^/]+)\/userCredentialsEnabled$/,
      (call, p) =>
        reply.ifFound(found(p.id), (entry) => {
          entry.enabled = call.query.get('userCredentialsEnabled') !== 'false';
          return { status: 200 };
        }),
    ],
    [
      'GET',
      /^\/api\/audit\/logs\/user\/(?<id>[^/]+)$/,
      (_call, p) =>
        reply.ifFound(found(p.id), (entry) => {
          const log = {
            id: { id: `log-${p.id}` },
            createdTime: Date.now() - 60_000,
            tenantId: entry.user.tenantId,
            customerId: entry.user.customerId,
            entityId: { entityType: 'DEVICE', id: 'device-1' },
            entityName: `Device changed by ${entry.user.email}`,
            userId: entry.user.id,
            userName: entry.user.email,
            actionType: 'UPDATED',
            actionData: {},
            actionStatus: 'SUCCESS',
            actionFailureDetails: null,
          };
          return { body: { data: [log], totalPages: 1, totalElements: 1, hasNext: false } };
        }),
    ],
    [
      'GET',
      /^\/api\/user\/(?<id>[^/]+)\/token$/,
      (_call, p) => {
        const entry = found(p.id);
        const account = ACCOUNTS.find((item) => item.email === entry?.user.email);
        if (!entry || !account) {
          return reply.notFound();
        }
        return entry.enabled ? { body: pairFor(account) } : reply.badRequest('User is not active!');
      },
    ],
  ];
}

/** The fake entity backend plus tenants, tenant profiles and managed users. */
export function createAdminBackend(
  store: AdminStore = createAdminStore(),
  entities: EntityStore = createEntityStore(),
) {
  const base = createEntityBackend(entities);
  const fetch = routedFetch(adminRoutes(store), base);
  return { ...base, fetch, admin: store };
}
