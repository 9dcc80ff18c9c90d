import type { Customer, Dashboard, DashboardInfo, ShortCustomerInfo } from '@meridian/common';
import type { FakeReply, Handler } from './fake-backend';
import { createEntityBackend, createEntityStore, type EntityStore } from './fake-entities';
import * as reply from './fake-replies';
import { type Route, routedFetch } from './fake-routes';

/**
 * In-memory dashboards of tenant-1 behind the DashboardController paths of reference §1.3, over
 * the customers of the entity store. A dashboard has many customers; the public customer among
 * them makes it public.
 */

const TENANT = { entityType: 'TENANT', id: 'tenant-1' } as const;
const T0 = 1_700_000_000_000;

export interface DashboardStore extends EntityStore {
  dashboards: Dashboard[];
}

function shortInfo(customer: Customer): ShortCustomerInfo {
  return {
    customerId: customer.id,
    title: customer.title,
    public: customer.additionalInfo?.isPublic === true,
  };
}

/** Customers A and B, the public customer; Fleet (Customer A), Plant (public) and Lobby (none). */
export function createDashboardStore(): DashboardStore {
  const store: DashboardStore = { ...createEntityStore(), dashboards: [] };
  const seed = (id: string, title: string, at: number, customerIds: string[]) => {
    store.dashboards.push({
      id: { entityType: 'DASHBOARD', id },
      createdTime: at,
      tenantId: TENANT,
      title,
      name: title,
      image: null,
      assignedCustomers: store.customers.filter((c) => customerIds.includes(c.id.id)).map(shortInfo),
      mobileHide: false,
      mobileOrder: null,
      configuration: {
        description: `${title} description`,
        widgets: { w1: { type: 'latest' } },
        entityAliases: {},
      },
    });
  };
  seed('dash-1', 'Fleet', T0 + 10_000, ['customer-1']);
  seed('dash-2', 'Plant', T0 + 20_000, ['customer-public']);
  seed('dash-3', 'Lobby', T0 + 30_000, []);
  return store;
}

/** A list row: the dashboard without its configuration. */
function infoOf(dashboard: Dashboard): DashboardInfo {
  const { configuration: _configuration, ...info } = dashboard;
  return info;
}

function dashboardRoutes(store: DashboardStore): Route[] {
  const find = (id: string | undefined) => store.dashboards.find((d) => d.id.id === id);
  const customer = (id: string | undefined) => store.customers.find((c) => c.id.id === id);
  const publicCustomer = () => store.customers.find((c) => c.additionalInfo?.isPublic === true) as Customer;
  /** Sets the dashboard's customers to those of `ids` (unknown ids answer 404). */
  const setCustomers = (id: string | undefined, ids: (current: string[]) => string[]): FakeReply =>
    reply.ifFound(find(id), (dashboard) => {
      const current = (dashboard.assignedCustomers ?? []).map((c) => c.customerId.id);
      const next = [...new Set(ids(current))];
      const customers = next.map(customer);
      if (customers.some((c) => c === undefined)) {
        return reply.notFound();
      }
      dashboard.assignedCustomers = (customers as Customer[]).map(shortInfo);
      return { body: dashboard };
    });
  const idList = (body: unknown) => (Array.isArray(body) ? (body as string[]) : []);
  return [
    [
      'GET',
      /^\/api\/tenant\/dashboards$/,
      (call) => reply.page(store.dashboards.map(infoOf), call.query, 'title'),
    ],
    [
      'GET',
      /^\/api\/customer\/(?<id>[^/]+)\/dashboards$/,
      (call, p) =>
        reply.page(
          store.dashboards
            .filter((d) => d.assignedCustomers?.some((c) => c.customerId.id === p.id))
            .map(infoOf),
          call.query,
          'title',
        ),
    ],
    [
      'GET',
      /^\/api\/dashboard\/info\/(?<id>[^/]+)$/,
      (_call, p) => reply.ifFound(find(p.id), (d) => ({ body: infoOf(d) })),
    ],
    ['GET', /^\/api\/dashboard\/(?<id>[^/]+)$/, (_call, p) => reply.found(find(p.id))],
    [
      'POST',
      /^\/api\/dashboard$/,
      (call) => {
        const body = call.body as Partial<Dashboard>;
        if (!body.title) {
          return reply.badRequest('Dashboard title should be specified!');
        }
        return reply.saved(store.dashboards, body, () => ({
          image: body.image ?? null,
          mobileHide: body.mobileHide ?? false,
          mobileOrder: body.mobileOrder ?? null,
          configuration: body.configuration ?? null,
          title: body.title as string,
          id: { entityType: 'DASHBOARD' as const, id: `dash-new-${store.nextId++}` },
          createdTime: T0 + 90_000,
          tenantId: TENANT,
          name: body.title,
          assignedCustomers: [],
        }));
      },
    ],
    ['DELETE', /^\/api\/dashboard\/(?<id>[^/]+)$/, (_call, p) => reply.deleted(store.dashboards, p.id)],
    [
      'POST',
      /^\/api\/dashboard\/(?<id>[^/]+)\/customers$/,
      (call, p) => setCustomers(p.id, () => idList(call.body)),
    ],
    [
      'POST',
      /^\/api\/dashboard\/(?<id>[^/]+)\/customers\/add$/,
      (call, p) => setCustomers(p.id, (current) => [...current, ...idList(call.body)]),
    ],
    [
      'POST',
      /^\/api\/dashboard\/(?<id>[^/]+)\/customers\/remove$/,
      (call, p) => setCustomers(p.id, (current) => current.filter((c) => !idList(call.body).includes(c))),
    ],
    [
      'POST',
      /^\/api\/customer\/public\/dashboard\/(?<id>[^/]+)$/,
      (_call, p) => setCustomers(p.id, (current) => [...current, publicCustomer().id.id]),
    ],
    [
      'DELETE',
      /^\/api\/customer\/public\/dashboard\/(?<id>[^/]+)$/,
      (_call, p) => setCustomers(p.id, (current) => current.filter((c) => c !== publicCustomer().id.id)),
    ],
    [
      'POST',
      /^\/api\/customer\/(?<customer>[^/]+)\/dashboard\/(?<id>[^/]+)$/,
      (_call, p) => setCustomers(p.id, (current) => [...current, p.customer ?? '']),
    ],
    [
      'DELETE',
      /^\/api\/customer\/(?<customer>[^/]+)\/dashboard\/(?<id>[^/]+)$/,
      (_call, p) => setCustomers(p.id, (current) => current.filter((c) => c !== p.customer)),
    ],
  ];
}

/**
 * The entity backend plus the dashboard routes above. `overrides` ("METHOD /path" → handler) win
 * over both, for error cases.
 */
export function createDashboardBackend(
  store: DashboardStore = createDashboardStore(),
  overrides: Record<string, Handler> = {},
) {
  const base = createEntityBackend(store, overrides);
  const fetch = routedFetch(dashboardRoutes(store), base, (method, path) => `${method} ${path}` in overrides);
  return { ...base, fetch, store };
}
