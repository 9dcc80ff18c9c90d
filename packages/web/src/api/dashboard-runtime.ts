import type { EntityAlias, EntityData, EntityDataQuery, KeyFilter, PageData } from '@meridian/common';
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../app/http/http-client';
import { type AliasEntity, type AliasResolution, resolveAlias } from '../dashboard/runtime/alias-resolution';
import type { StateParams } from '../dashboard/runtime/state-param';
import { getDashboard } from './dashboards';

/** Queries of the dashboard viewer: the dashboard itself and the entities its aliases resolve to. */

export const dashboardRuntimeKeys = {
  all: ['dashboard-runtime'] as const,
  dashboard: (dashboardId: string) => [...dashboardRuntimeKeys.all, 'dashboard', dashboardId] as const,
  /** Every alias resolution of one dashboard: what a widget refreshes after changing entities. */
  aliases: (dashboardId: string) => [...dashboardRuntimeKeys.all, 'alias', dashboardId] as const,
  /** The alias's filter is part of the key: an alias edited in edit mode resolves again. */
  alias: (dashboardId: string, alias: EntityAlias, params: StateParams, view?: AliasView) =>
    [...dashboardRuntimeKeys.aliases(dashboardId), alias.id, params, view ?? {}, alias.filter] as const,
  aliasCandidates: (dashboardId: string, alias: EntityAlias, params: StateParams) =>
    [...dashboardRuntimeKeys.all, 'alias-candidates', dashboardId, alias.id, params, alias.filter] as const,
};

/** Runs an entity query (`POST /api/entitiesQuery/find`, reference backend §1.4). */
export function findEntityData(
  http: HttpClient,
  query: EntityDataQuery,
  signal?: AbortSignal,
): Promise<PageData<EntityData>> {
  return http.post('/api/entitiesQuery/find', query, { signal, ignoreLoading: true });
}

export function viewedDashboardQuery(http: HttpClient, dashboardId: string) {
  return queryOptions({
    queryKey: dashboardRuntimeKeys.dashboard(dashboardId),
    queryFn: ({ signal }) => getDashboard(http, dashboardId, { signal }),
  });
}

/** How this view narrows an alias: a datasource's dashboard filter, the entity picked in the toolbar. */
export interface AliasView {
  keyFilters?: KeyFilter[];
  selected?: AliasEntity;
}

/**
 * Entities that pass a dashboard filter change as their values do: filtered aliases are resolved
 * again at the reference's dynamic query interval (`server.ws.dynamic_page_link.refresh_interval`).
 */
const FILTERED_ALIAS_REFRESH_MS = 60_000;

/**
 * The entities an alias resolves to in a state; kept while the dashboard is open. An entity picked
 * in the toolbar stands for the alias as it is.
 */
export function aliasResolutionQuery(
  http: HttpClient,
  dashboardId: string,
  alias: EntityAlias,
  params: StateParams,
  view: AliasView = {},
) {
  const { keyFilters = [], selected } = view;
  return queryOptions<AliasResolution>({
    queryKey: dashboardRuntimeKeys.alias(dashboardId, alias, params, view),
    queryFn: ({ signal }) =>
      selected
        ? Promise.resolve({ kind: 'entities', entities: [selected] })
        : resolveAlias(alias, params, (query) => findEntityData(http, query, signal), keyFilters),
    staleTime: Number.POSITIVE_INFINITY,
    ...(keyFilters.length > 0 && !selected ? { refetchInterval: FILTERED_ALIAS_REFRESH_MS } : {}),
  });
}
