import {
  applyPageLink,
  type EntitySubtype,
  type EntityViewInfo,
  NULL_UUID,
  type PageLink,
} from '@meridian/common';
import type { FakeReply, Handler, RecordedCall } from '../../test/fake-backend';
import { createEntityBackend, createEntityStore, type EntityStore } from '../../test/fake-entities';

/**
 * Test double: the entity fake backend plus tenant-1's entity views behind the paths of reference
 * §1.3 EntityViewController, and the target keys of `/api/plugins/telemetry/{type}/{id}/keys/…`.
 */

const TENANT = { entityType: 'TENANT', id: 'tenant-1' } as const;
const T0 = 1_700_000_000_000;

type Params = Record<string, string>;
type Route = [method: string, pattern: RegExp, handler: (call: RecordedCall, params: Params) => FakeReply];

/** Keys the fake telemetry holds per entity id and kind (timeseries or an attribute scope). */
export type FakeKeys = Record<string, Record<string, string[]>>;

function view(
  id: string,
  name: string,
  type: string,
  at: number,
  target: { entityType: 'DEVICE' | 'ASSET'; id: string },
  customer: { id: string; title: string; isPublic: boolean } | null,
): EntityViewInfo {
  return {
    id: { entityType: 'ENTITY_VIEW', id },
    createdTime: at,
    tenantId: TENANT,
    customerId: { entityType: 'CUSTOMER', id: customer?.id ?? NULL_UUID },
    entityId: target,
    name,
    type,
    keys: { timeseries: ['temperature'], attributes: { cs: [], ss: ['model'], sh: [] } },
    startTimeMs: 0,
    endTimeMs: 0,
    additionalInfo: { description: '' },
    customerTitle: customer?.title ?? null,
    customerIsPublic: customer?.isPublic ?? false,
  };
}

export function createEntityViews(): EntityViewInfo[] {
  return [
    view(
      'view-1',
      'Boiler view',
      'heating',
      T0 + 10_000,
      { entityType: 'DEVICE', id: 'device-a1' },
      { id: 'customer-1', title: 'Customer A', isPublic: false },
    ),
    view('view-2', 'Pump view', 'pumps', T0 + 20_000, { entityType: 'ASSET', id: 'asset-3' }, null),
  ];
}

function error(status: number, errorCode: number, message: string): FakeReply {
  return { status, body: { status, errorCode, message, timestamp: 0 } };
}

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

export function createEntityViewBackend(
  options: {
    store?: EntityStore;
    views?: EntityViewInfo[];
    keys?: FakeKeys;
    overrides?: Record<string, Handler>;
  } = {},
) {
  const store = options.store ?? createEntityStore();
  const views = options.views ?? createEntityViews();
  const keys = options.keys ?? {};
  const base = createEntityBackend(store, options.overrides);
  let nextId = 1;
  const find = (id: string | undefined) => views.find((v) => v.id.id === id);
  const setCustomer = (id: string | undefined, customerId: string | null): FakeReply => {
    const found = find(id);
    if (!found) {
      return error(404, 32, "Requested item wasn't found!");
    }
    const owner = store.customers.find((c) => c.id.id === customerId);
    found.customerId = { entityType: 'CUSTOMER', id: owner?.id.id ?? NULL_UUID };
    found.customerTitle = owner?.title ?? null;
    found.customerIsPublic = owner?.additionalInfo?.isPublic === true;
    return { body: found };
  };
  const list = (call: RecordedCall, customerId: string | null): FakeReply => {
    const type = call.query.get('type');
    const rows = views.filter(
      (v) => (customerId === null || v.customerId.id === customerId) && (!type || v.type === type),
    );
    return { body: applyPageLink(rows, pageLinkOf(call.query), { searchProperty: 'name' }) };
  };
  const routes: Route[] = [
    ['GET', /^\/api\/tenant\/entityViewInfos$/, (call) => list(call, null)],
    ['GET', /^\/api\/customer\/(?<id>[^/]+)\/entityViewInfos$/, (call, p) => list(call, p.id ?? '')],
    [
      'GET',
      /^\/api\/entityView\/types$/,
      () => ({
        body: [...new Set(views.map((v) => v.type))]
          .sort()
          .map((type): EntitySubtype => ({ tenantId: TENANT, entityType: 'ENTITY_VIEW', type })),
      }),
    ],
    [
      'GET',
      /^\/api\/entityView\/info\/(?<id>[^/]+)$/,
      (_call, p) => {
        const found = find(p.id);
        return found ? { body: found } : error(404, 32, "Requested item wasn't found!");
      },
    ],
    [
      'POST',
      /^\/api\/entityView$/,
      (call) => {
        const body = call.body as EntityViewInfo;
        if (views.some((v) => v.name === body.name && v.id.id !== body.id?.id)) {
          return error(400, 31, 'Entity view with such name already exists!');
        }
        const existing = find(body.id?.id);
        if (existing) {
          Object.assign(existing, body);
          return { body: existing };
        }
        const created: EntityViewInfo = {
          ...body,
          id: { entityType: 'ENTITY_VIEW', id: `view-new-${nextId++}` },
          createdTime: T0 + 90_000,
          tenantId: TENANT,
          customerId: { entityType: 'CUSTOMER', id: NULL_UUID },
          customerTitle: null,
          customerIsPublic: false,
        };
        views.push(created);
        return { body: created };
      },
    ],
    [
      'DELETE',
      /^\/api\/entityView\/(?<id>[^/]+)$/,
      (_call, p) => {
        const index = views.findIndex((v) => v.id.id === p.id);
        if (index < 0) {
          return error(404, 32, "Requested item wasn't found!");
        }
        views.splice(index, 1);
        return { status: 200 };
      },
    ],
    [
      'POST',
      /^\/api\/customer\/public\/entityView\/(?<id>[^/]+)$/,
      (_call, p) =>
        setCustomer(p.id, store.customers.find((c) => c.additionalInfo?.isPublic === true)?.id.id ?? null),
    ],
    [
      'POST',
      /^\/api\/customer\/(?<customer>[^/]+)\/entityView\/(?<id>[^/]+)$/,
      (_call, p) => setCustomer(p.id, p.customer ?? null),
    ],
    ['DELETE', /^\/api\/customer\/entityView\/(?<id>[^/]+)$/, (_call, p) => setCustomer(p.id, null)],
    [
      'GET',
      /^\/api\/plugins\/telemetry\/(?:DEVICE|ASSET)\/(?<id>[^/]+)\/keys\/(?:timeseries|attributes\/(?<scope>[A-Z_]+))$/,
      (_call, p) => ({ body: keys[p.id ?? '']?.[p.scope ?? 'timeseries'] ?? [] }),
    ],
  ];
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
      const reply = handler(call, { ...match.groups });
      const status = reply.status ?? 200;
      const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
      return new Response(text || null, { status, statusText: status === 404 ? 'Not Found' : '' });
    }
    return base.fetch(input, init);
  };
  return { ...base, fetch, views };
}
