import type { EntityAlias, EntityData, EntityDataQuery, PageData } from '@meridian/common';
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../app/http/http-client';
import { type AliasResolution, resolveAlias } from '../dashboard/runtime/alias-resolution';
import type { StateParams } from '../dashboard/runtime/state-param';
import { getDashboard } from './dashboards';

/** Queries of the dashboard viewer: the dashboard itself and the entities its aliases resolve to. */

export const dashboardRuntimeKeys = {
  all: ['dashboard-runtime'] as const,
  dashboard: (dashboardId: string) => [...dashboardRuntimeKeys.all, 'dashboard', dashboardId] as const,
  /** Every alias resolution of one dashboard: what a widget refreshes after changing entities. */
  aliases: (dashboardId: string) => [...dashboardRuntimeKeys.all, 'alias', dashboardId] as const,
  alias: (dashboardId: string, aliasId: string, params: StateParams) =>
    [...dashboardRuntimeKeys.aliases(dashboardId), aliasId, params] as const,
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

/** The entities an alias resolves to in a state; kept while the dashboard is open. */
export function aliasResolutionQuery(
  http: HttpClient,
  dashboardId: string,
  alias: EntityAlias,
  params: StateParams,
) {
  return queryOptions<AliasResolution>({
    queryKey: dashboardRuntimeKeys.alias(dashboardId, alias.id, params),
    queryFn: ({ signal }) => resolveAlias(alias, params, (query) => findEntityData(http, query, signal)),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
