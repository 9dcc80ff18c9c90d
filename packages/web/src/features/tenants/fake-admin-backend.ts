import {
  applyPageLink,
  NULL_UUID,
  type PageLink,
  type TenantInfo,
  type TenantProfile,
  type User,
} from '@meridian/common';
import { ACCOUNTS, pairFor, type RecordedCall, userOf } from '../../test/fake-backend';
import { createEntityBackend, createEntityStore, type EntityStore } from '../../test/fake-entities';

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

interface Reply {
  status?: number;
  body?: unknown;
  /** A plain-text body. */
  text?: string;
}

const error = (status: number, errorCode: number, message: string): Reply => ({
  status,
  body: { status, errorCode, message, timestamp: 0 },
});
const notFound = () => error(404, 32, "Requested item wasn't found!");
const badRequest = (message: string) => error(400, 31, message);

function pageLinkOf(query: URLSearchParams): PageLink {
  const pageLink: PageLink = { pageSize: Number(query.get('pageSize')), page: Number(query.get('page')) };
  const text = query.get('textSearch');
  if (text) {
    pageLink.textSearch = text;
  }
  const property = query.get('sortProperty');
  if (property) {
    pageLink.sortOrder = { property, direction: query.get('sortOrder') === 'DESC' ? 'DESC' : 'ASC' };
  }
  return pageLink;
}

const page = <T extends object>(
  items: readonly T[],
  query: URLSearchParams,
  searchProperty: string,
): Reply => ({
  body: applyPageLink(items, pageLinkOf(query), { searchProperty }),
});

type Route = [
  method: string,
  pattern: RegExp,
  handler: (call: RecordedCall, params: Record<string, string>) => Reply,
];

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
    ['GET', /^\/api\/tenantProfiles$/, (call) => page(store.profiles, call.query, 'name')],
    [
      'GET',
      /^\/api\/tenantProfileInfos$/,
      (call) =>
        page(
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
    [
      'GET',
      /^\/api\/tenantProfile\/(?<id>[^/]+)$/,
      (_call, p) => {
        const item = profile(p.id);
        return item ? { body: item } : notFound();
      },
    ],
    [
      'POST',
      /^\/api\/tenantProfile$/,
      (call) => {
        const body = call.body as TenantProfile;
        if (!body.name) {
          return badRequest('Tenant profile name should be specified!');
        }
        if (store.profiles.some((p) => p.name === body.name && p.id.id !== body.id?.id)) {
          return badRequest('Tenant profile with such name already exists!');
        }
        const existing = profile(body.id?.id);
        if (existing) {
          Object.assign(existing, body);
          return { body: existing };
        }
        const created = {
          ...body,
          id: { entityType: 'TENANT_PROFILE', id: newId('tp') },
          createdTime: T0 + 90_000,
          default: false,
        } as TenantProfile;
        store.profiles.push(created);
        return { body: created };
      },
    ],
    [
      'POST',
      /^\/api\/tenantProfile\/(?<id>[^/]+)\/default$/,
      (_call, p) => {
        const item = profile(p.id);
        if (!item) {
          return notFound();
        }
        for (const other of store.profiles) {
          other.default = other === item;
        }
        return { body: item };
      },
    ],
    [
      'DELETE',
      /^\/api\/tenantProfile\/(?<id>[^/]+)$/,
      (_call, p) => {
        const item = profile(p.id);
        if (!item) {
          return notFound();
        }
        if (item.default) {
          return badRequest('Deletion of Default Tenant Profile is prohibited!');
        }
        if (store.tenants.some((x) => x.tenantProfileId.id === item.id.id)) {
          return badRequest('The tenant profile referenced by the tenants cannot be deleted!');
        }
        store.profiles.splice(store.profiles.indexOf(item), 1);
        return { status: 200 };
      },
    ],
    // Tenants
    ['GET', /^\/api\/tenantInfos$/, (call) => page(store.tenants, call.query, 'title')],
    [
      'GET',
      /^\/api\/tenant(?:\/info)?\/(?<id>[^/]+)$/,
      (call, p) => {
        const item = store.tenants.find((x) => x.id.id === p.id);
        if (!item) {
          return notFound();
        }
        if (call.path.startsWith('/api/tenant/info/')) {
          return { body: item };
        }
        const { tenantProfileName: _name, ...plain } = item;
        return { body: plain };
      },
    ],
    [
      'POST',
      /^\/api\/tenant$/,
      (call) => {
        const body = call.body as TenantInfo;
        if (!body.title) {
          return badRequest('Tenant title should be specified!');
        }
        const chosen = profile(body.tenantProfileId?.id) ?? store.profiles.find((p) => p.default);
        if (!chosen) {
          return badRequest('Tenant is referencing to non-existent tenant profile!');
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
    [
      'DELETE',
      /^\/api\/tenant\/(?<id>[^/]+)$/,
      (_call, p) => {
        const index = store.tenants.findIndex((x) => x.id.id === p.id);
        if (index < 0) {
          return notFound();
        }
        store.tenants.splice(index, 1);
        return { status: 200 };
      },
    ],
    // Dashboards a customer's users can be given
    [
      'GET',
      /^\/api\/customer\/(?<id>[^/]+)\/dashboards$/,
      () => ({
        body: {
          data: [
            { id: { entityType: 'DASHBOARD', id: 'd-1' }, title: 'Fleet overview' },
            { id: { entityType: 'DASHBOARD', id: 'd-2' }, title: 'Thermostats' },
          ],
          totalPages: 1,
          totalElements: 2,
          hasNext: false,
        },
      }),
    ],
    // Users
    [
      'GET',
      /^\/api\/tenant\/(?<id>[^/]+)\/users$/,
      (call, p) =>
        page(
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
        page(
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
        return entry ? { body: wireUser(entry) } : notFound();
      },
    ],
    [
      'POST',
      /^\/api\/user$/,
      (call) => {
        const body = call.body as User;
        if (store.users.some((e) => e.user.email === body.email && e.user.id.id !== body.id?.id)) {
          return badRequest(`User with email '${body.email}' already present in database!`);
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
      (_call, p) => {
        const entry = found(p.id);
        if (!entry) {
          return notFound();
        }
        store.users.splice(store.users.indexOf(entry), 1);
        return { status: 200 };
      },
    ],
    [
      'GET',
      /^\/api\/user\/(?<id>[^/]+)\/activationLink$/,
      (_call, p) => {
        const entry = found(p.id);
        if (!entry) {
          return notFound();
        }
        return entry.activateToken
          ? { text: link(entry.activateToken) }
          : badRequest('User is already activated!');
      },
    ],
    [
      'POST',
      /^\/api\/user\/sendActivationMail$/,
      (call) => {
        const entry = store.users.find((e) => e.user.email === call.query.get('email'));
        if (!entry) {
          return notFound();
        }
        return entry.activateToken ? { status: 200 } : badRequest('User is already activated!');
      },
    ],
    [
      'POST',
      /^\/api\/user\/(?<id>[^/]+)\/userCredentialsEnabled$/,
      (call, p) => {
        const entry = found(p.id);
        if (!entry) {
          return notFound();
        }
        entry.enabled = call.query.get('userCredentialsEnabled') !== 'false';
        return { status: 200 };
      },
    ],
    [
      'GET',
      /^\/api\/audit\/logs\/user\/(?<id>[^/]+)$/,
      (_call, p) => {
        const entry = found(p.id);
        if (!entry) {
          return notFound();
        }
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
      },
    ],
    [
      'GET',
      /^\/api\/user\/(?<id>[^/]+)\/token$/,
      (_call, p) => {
        const entry = found(p.id);
        const account = ACCOUNTS.find((item) => item.email === entry?.user.email);
        if (!entry || !account) {
          return notFound();
        }
        return entry.enabled ? { body: pairFor(account) } : badRequest('User is not active!');
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
  const routes = adminRoutes(store);
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://console.test');
    const method = (init.method ?? 'GET').toUpperCase();
    for (const [routeMethod, pattern, handler] of routes) {
      const match = routeMethod === method ? pattern.exec(url.pathname) : null;
      if (!match) {
        continue;
      }
      const call: RecordedCall = {
        method,
        path: url.pathname,
        query: url.searchParams,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        headers: (init.headers ?? {}) as Record<string, string>,
      };
      base.calls.push(call);
      const params = Object.fromEntries(
        Object.entries(match.groups ?? {}).map(([key, value]) => [key, decodeURIComponent(value)]),
      );
      const reply = handler(call, params);
      const status = reply.status ?? 200;
      const text = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
      return new Response(text || null, {
        status,
        headers: { 'content-type': reply.text === undefined ? 'application/json' : 'text/plain' },
      });
    }
    return base.fetch(input, init);
  };
  return { ...base, fetch, admin: store };
}
