import {
  type Customer,
  type CustomerTitleInfo,
  type EntityDraft,
  type PageData,
  type PageLink,
  pageLinkToQueryString,
} from '@meridian/common';
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient, RequestOptions } from '../app/http/http-client';

/** Customer calls of reference §1.3 CustomerController. */

export const customerKeys = {
  all: ['customers'] as const,
  page: (pageLink: PageLink) => [...customerKeys.all, 'page', pageLink] as const,
  detail: (customerId: string) => [...customerKeys.all, 'detail', customerId] as const,
};

/** Page size of customer autocomplete searches (spec 3 §9: entity autocomplete 50). */
export const CUSTOMER_SEARCH_PAGE_SIZE = 50;

const id = encodeURIComponent;

export function getCustomers(
  http: HttpClient,
  pageLink: PageLink,
  options: RequestOptions = {},
): Promise<PageData<Customer>> {
  return http.get(`/api/customers?${pageLinkToQueryString(pageLink)}`, options);
}

export function getCustomer(
  http: HttpClient,
  customerId: string,
  options: RequestOptions = {},
): Promise<Customer> {
  return http.get(`/api/customer/${id(customerId)}`, options);
}

/** `{title, isPublic}` of a customer, as `/api/customer/{id}/shortInfo` answers it. */
export function getCustomerShortInfo(
  http: HttpClient,
  customerId: string,
  options: RequestOptions = {},
): Promise<CustomerTitleInfo> {
  return http.get(`/api/customer/${id(customerId)}/shortInfo`, options);
}

/** A customer as the console sends it: new ones have no id; the server fills the tenant. */
export type CustomerDraft = Partial<EntityDraft<Customer>> & Pick<Customer, 'title'>;

/** Creates (no id) or updates (with id) a customer. */
export function saveCustomer(http: HttpClient, customer: CustomerDraft): Promise<Customer> {
  return http.post('/api/customer', customer);
}

export function deleteCustomer(http: HttpClient, customerId: string): Promise<void> {
  return http.delete(`/api/customer/${id(customerId)}`);
}

export function customerQuery(http: HttpClient, customerId: string) {
  return queryOptions({
    queryKey: customerKeys.detail(customerId),
    queryFn: ({ signal }) => getCustomer(http, customerId, { signal }),
  });
}

/** Customers whose title contains the text, by title; no loading bar, failures give an empty page. */
export function customerSearchQuery(http: HttpClient, textSearch: string) {
  const pageLink: PageLink = {
    pageSize: CUSTOMER_SEARCH_PAGE_SIZE,
    page: 0,
    textSearch,
    sortOrder: { property: 'title', direction: 'ASC' },
  };
  return queryOptions({
    queryKey: customerKeys.page(pageLink),
    queryFn: ({ signal }) =>
      getCustomers(http, pageLink, { signal, ignoreLoading: true }).catch(
        (): PageData<Customer> => ({ data: [], totalPages: 0, totalElements: 0, hasNext: false }),
      ),
  });
}

/**
 * Customers a device, asset or other entity can be assigned to: title contains the text, sorted by
 * title, the public customer left out (public access goes through "Make public").
 */
export function findAssignableCustomers(
  http: HttpClient,
  textSearch: string,
  signal?: AbortSignal,
): Promise<Customer[]> {
  const pageLink: PageLink = {
    pageSize: CUSTOMER_SEARCH_PAGE_SIZE,
    page: 0,
    textSearch,
    sortOrder: { property: 'title', direction: 'ASC' },
  };
  return getCustomers(http, pageLink, { signal, ignoreLoading: true })
    .then((page) => page.data.filter((customer) => customer.additionalInfo?.isPublic !== true))
    .catch(() => []);
}
