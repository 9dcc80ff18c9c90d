import type { Dashboard, DashboardInfo, EntityDraft, HomeDashboard, User } from '@meridian/common';
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
  home: (userId: string) => [...dashboardKeys.all, 'home', userId] as const,
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

const id = encodeURIComponent;

/** A whole dashboard: its configuration (widgets, states, aliases, description) with the info fields. */
export function getDashboard(
  http: HttpClient,
  dashboardId: string,
  options: RequestOptions = {},
): Promise<Dashboard> {
  return http.get(`/api/dashboard/${id(dashboardId)}`, options);
}

/** A dashboard as the console sends it: new ones have no id; the server fills the tenant. */
export type DashboardDraft = Partial<EntityDraft<Dashboard>> & Pick<Dashboard, 'title'>;

/** Creates (no id) or updates (with id) a dashboard. */
export function saveDashboard(http: HttpClient, dashboard: DashboardDraft): Promise<Dashboard> {
  return http.post('/api/dashboard', dashboard);
}

export function deleteDashboard(http: HttpClient, dashboardId: string): Promise<void> {
  return http.delete(`/api/dashboard/${id(dashboardId)}`);
}

/** Adds one customer to the dashboard's customers; the others keep it. */
export function assignDashboardToCustomer(
  http: HttpClient,
  customerId: string,
  dashboardId: string,
): Promise<Dashboard> {
  return http.post(`/api/customer/${id(customerId)}/dashboard/${id(dashboardId)}`);
}

/** Takes one customer's access to the dashboard away; the other customers keep theirs. */
export function unassignDashboardFromCustomer(
  http: HttpClient,
  customerId: string,
  dashboardId: string,
): Promise<Dashboard> {
  return http.delete(`/api/customer/${id(customerId)}/dashboard/${id(dashboardId)}`);
}

/** Makes exactly these customers (ids) the dashboard's customers. */
export function updateDashboardCustomers(
  http: HttpClient,
  dashboardId: string,
  customerIds: readonly string[],
): Promise<Dashboard> {
  return http.post(`/api/dashboard/${id(dashboardId)}/customers`, customerIds);
}

/** Adds these customers (ids) to the dashboard's customers. */
export function addDashboardCustomers(
  http: HttpClient,
  dashboardId: string,
  customerIds: readonly string[],
): Promise<Dashboard> {
  return http.post(`/api/dashboard/${id(dashboardId)}/customers/add`, customerIds);
}

/** Removes these customers (ids) from the dashboard's customers. */
export function removeDashboardCustomers(
  http: HttpClient,
  dashboardId: string,
  customerIds: readonly string[],
): Promise<Dashboard> {
  return http.post(`/api/dashboard/${id(dashboardId)}/customers/remove`, customerIds);
}

/** Assigns the dashboard to the tenant's public customer; the answer names that customer. */
export function makeDashboardPublic(http: HttpClient, dashboardId: string): Promise<Dashboard> {
  return http.post(`/api/customer/public/dashboard/${id(dashboardId)}`);
}

export function makeDashboardPrivate(http: HttpClient, dashboardId: string): Promise<Dashboard> {
  return http.delete(`/api/customer/public/dashboard/${id(dashboardId)}`);
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

/**
 * The caller's home dashboard (`GET /api/dashboard/home`): the user's, else their customer's, else
 * their tenant's; null when none is set (the server answers with an empty body).
 */
export function getHomeDashboard(
  http: HttpClient,
  options: RequestOptions = {},
): Promise<HomeDashboard | null> {
  return http.get('/api/dashboard/home', options);
}

/** The home dashboard of the signed-in user; a failure resolves to null (the home page shows its shortcuts). */
export function homeDashboardQuery(http: HttpClient, userId: string) {
  return queryOptions({
    queryKey: dashboardKeys.home(userId),
    queryFn: ({ signal }) =>
      getHomeDashboard(http, { signal, ignoreErrors: true }).then(
        (dashboard) => dashboard ?? null,
        () => null,
      ),
  });
}
