import type { DashboardInfo, User } from '@meridian/common';
import { type PageData, type PageLink, pageLinkToQueryString } from '@meridian/common';
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient, RequestOptions } from '../app/http/http-client';

/** Whose dashboards a list shows: the tenant's (tenant admin) or a customer's (customer user). */
export type DashboardScope = { kind: 'tenant' } | { kind: 'customer'; customerId: string };

/** The tenant's dashboards: what a customer's home dashboard or a profile's mobile dashboard is one of. */
export const TENANT_DASHBOARDS: DashboardScope = { kind: 'tenant' };

/** A tenant administrator sees the tenant's dashboards; a customer user those of their customer. */
export function dashboardScopeOf(user: Pick<User, 'authority' | 'customerId'>): DashboardScope {
  return user.authority === 'CUSTOMER_USER'
    ? { kind: 'customer', customerId: user.customerId.id }
    : TENANT_DASHBOARDS;
}

/** Page size of the dashboard autocomplete (spec 3 §9). */
export const DASHBOARD_AUTOCOMPLETE_PAGE_SIZE = 10;

export const dashboardKeys = {
  all: ['dashboards'] as const,
  page: (scope: DashboardScope, query: PageLink) => [...dashboardKeys.all, 'page', scope, query] as const,
  info: (dashboardId: string) => [...dashboardKeys.all, 'info', dashboardId] as const,
};

export function getTenantDashboards(
  http: HttpClient,
  query: PageLink,
  options: RequestOptions = {},
): Promise<PageData<DashboardInfo>> {
  return http.get(`/api/tenant/dashboards?${pageLinkToQueryString(query)}`, options);
}

export function getCustomerDashboards(
  http: HttpClient,
  customerId: string,
  query: PageLink,
  options: RequestOptions = {},
): Promise<PageData<DashboardInfo>> {
  return http.get(
    `/api/customer/${encodeURIComponent(customerId)}/dashboards?${pageLinkToQueryString(query)}`,
    options,
  );
}

export function getScopedDashboards(
  http: HttpClient,
  scope: DashboardScope,
  query: PageLink,
  options: RequestOptions = {},
): Promise<PageData<DashboardInfo>> {
  return scope.kind === 'tenant'
    ? getTenantDashboards(http, query, options)
    : getCustomerDashboards(http, scope.customerId, query, options);
}

export function getDashboardInfo(
  http: HttpClient,
  dashboardId: string,
  options: RequestOptions = {},
): Promise<DashboardInfo> {
  return http.get(`/api/dashboard/info/${encodeURIComponent(dashboardId)}`, options);
}

const EMPTY_PAGE: PageData<DashboardInfo> = { data: [], totalPages: 0, totalElements: 0, hasNext: false };

/** Autocomplete search: first 10 by title, ascending; no loading bar; a failure gives an empty page. */
export function dashboardSearchQuery(http: HttpClient, scope: DashboardScope, textSearch: string) {
  const query: PageLink = {
    pageSize: DASHBOARD_AUTOCOMPLETE_PAGE_SIZE,
    page: 0,
    textSearch,
    sortOrder: { property: 'title', direction: 'ASC' },
  };
  return queryOptions({
    queryKey: dashboardKeys.page(scope, query),
    queryFn: ({ signal }) =>
      getScopedDashboards(http, scope, query, { signal, ignoreLoading: true }).catch(() => EMPTY_PAGE),
  });
}

/** Title of a stored dashboard id; errors and loading are ignored, a failure resolves to null. */
export function dashboardInfoQuery(http: HttpClient, dashboardId: string) {
  return queryOptions({
    queryKey: dashboardKeys.info(dashboardId),
    queryFn: ({ signal }) =>
      getDashboardInfo(http, dashboardId, { signal, ignoreErrors: true, ignoreLoading: true }).catch(
        () => null,
      ),
    staleTime: 60_000,
  });
}
