import type { Authority } from '@meridian/common';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { MenuIconName } from '../menu/menu';
import type { RouteMeta } from './route-meta';

/** Loads a page component lazily (its own chunk). */
export type PageLoader = () => Promise<ComponentType>;

export interface EntityCollection {
  /** Path of the list, e.g. 'devices' or ':customerId/devices'. */
  path: string;
  /** Authorities allowed; absent: inherited from the parent route. */
  authorities?: readonly Authority[];
  icon: MenuIconName;
  /** i18n key of the list's title and breadcrumb. */
  label: string;
  list: PageLoader;
  /** Route parameter of one entity, e.g. 'deviceId'. */
  idParam: string;
  /** i18n key of the details page's title and breadcrumb. */
  detailsLabel: string;
  details: PageLoader;
  /** Collections below one entity, e.g. a customer's devices. */
  nested?: RouteObject[];
}

const meta = (value: RouteMeta): RouteMeta => value;

/**
 * The routes of an entity page (reference console §2): the table at `path`, the full details page
 * at `path/:idParam`, both under one breadcrumb, plus any nested collections.
 */
export function entityCollection(c: EntityCollection): RouteObject {
  return {
    path: c.path,
    handle: meta({
      ...(c.authorities ? { authorities: c.authorities } : {}),
      breadcrumb: { label: c.label, icon: c.icon },
    }),
    children: [
      { index: true, handle: meta({ title: c.label }), lazy: async () => ({ Component: await c.list() }) },
      {
        path: `:${c.idParam}`,
        handle: meta({ title: c.detailsLabel, breadcrumb: { label: c.detailsLabel, icon: c.icon } }),
        lazy: async () => ({ Component: await c.details() }),
      },
      ...(c.nested ?? []),
    ],
  };
}
