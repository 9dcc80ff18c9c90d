import { type EntitySubtype, type EntityViewInfo, NULL_UUID } from '@meridian/common';
import type { FakeReply, Handler, RecordedCall } from '../../test/fake-backend';
import {
  assignToCustomer,
  createEntityBackend,
  createEntityStore,
  type EntityStore,
} from '../../test/fake-entities';
import * as reply from '../../test/fake-replies';
import { type Route, routedFetch } from '../../test/fake-routes';

/**
 * Test double: the entity fake backend plus tenant-1's entity views behind the paths of reference
 * §1.3 EntityViewController, and the target keys of `/api/plugins/telemetry/{type}/{id}/keys/…`.
 */

const TENANT = { entityType: 'TENANT', id: 'tenant-1' } as const;
const T0 = 1_700_000_000_000;

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
  const setCustomer = (id: string | undefined, customerId: string | null) =>
    assignToCustomer(store, find(id), customerId);
  const list = (call: RecordedCall, customerId: string | null): FakeReply => {
    const type = call.query.get('type');
    const rows = views.filter(
      (v) => (customerId === null || v.customerId.id === customerId) && (!type || v.type === type),
    );
    return reply.page(rows, call.query, 'name');
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
    ['GET', /^\/api\/entityView\/info\/(?<id>[^/]+)$/, (_call, p) => reply.found(find(p.id))],
    [
      'POST',
      /^\/api\/entityView$/,
      (call) => {
        const body = call.body as EntityViewInfo;
        if (views.some((v) => v.name === body.name && v.id.id !== body.id?.id)) {
          return reply.badRequest('Entity view with such name already exists!');
        }
        return reply.saved(
          views,
          body,
          (): EntityViewInfo => ({
            ...body,
            id: { entityType: 'ENTITY_VIEW', id: `view-new-${nextId++}` },
            createdTime: T0 + 90_000,
            tenantId: TENANT,
            customerId: { entityType: 'CUSTOMER', id: NULL_UUID },
            customerTitle: null,
            customerIsPublic: false,
          }),
        );
      },
    ],
    ['DELETE', /^\/api\/entityView\/(?<id>[^/]+)$/, (_call, p) => reply.deleted(views, p.id)],
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
  const fetch = routedFetch(routes, base);
  return { ...base, fetch, views };
}
