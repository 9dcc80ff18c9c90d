import {
  type EntityDraft,
  type PageData,
  type PageLink,
  pageLinkToQueryString,
  type User,
} from '@meridian/common';
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { HttpClient, RequestOptions } from '../app/http/http-client';
import { useServices } from '../app/services/useServices';

/** User calls of reference §1.3 UserController: the signed-in user and the users an administrator manages. */

export const userKeys = {
  all: ['user'] as const,
  current: () => [...userKeys.all, 'current'] as const,
  /** Tenant admins and customer users as their administrators list them. */
  managed: () => [...userKeys.all, 'managed'] as const,
};

const id = encodeURIComponent;

export function getCurrentUser(http: HttpClient, signal?: AbortSignal): Promise<User> {
  return http.get<User>('/api/auth/user', { signal });
}

/** Saves a user; the whole object goes back with the changes applied. */
export function saveUser(http: HttpClient, user: User): Promise<User> {
  return http.post<User>('/api/user', user);
}

export function getUser(http: HttpClient, userId: string, options: RequestOptions = {}): Promise<User> {
  return http.get<User>(`/api/user/${id(userId)}`, options);
}

/** A tenant's administrators (system administrator). */
export function getTenantAdmins(
  http: HttpClient,
  tenantId: string,
  pageLink: PageLink,
  options: RequestOptions = {},
): Promise<PageData<User>> {
  return http.get(`/api/tenant/${id(tenantId)}/users?${pageLinkToQueryString(pageLink)}`, options);
}

/** A customer's users (tenant administrator). */
export function getCustomerUsers(
  http: HttpClient,
  customerId: string,
  pageLink: PageLink,
  options: RequestOptions = {},
): Promise<PageData<User>> {
  return http.get(`/api/customer/${id(customerId)}/users?${pageLinkToQueryString(pageLink)}`, options);
}

/** A new user as the console sends it: no id yet. */
export type NewUser = Omit<EntityDraft<User>, 'id' | 'createdTime' | 'name'>;

/**
 * Creates a user. With `sendActivationMail` the server mails the activation link; without it the
 * link is read with {@link getActivationLink}.
 */
export function createUser(http: HttpClient, user: NewUser, sendActivationMail: boolean): Promise<User> {
  return http.post<User>('/api/user', user, { query: { sendActivationMail } });
}

export function deleteUser(http: HttpClient, userId: string): Promise<void> {
  return http.delete(`/api/user/${id(userId)}`);
}

/** The activation link of a user who has not set a password yet (plain text). */
export function getActivationLink(http: HttpClient, userId: string): Promise<string> {
  return http.get<string>(`/api/user/${id(userId)}/activationLink`, { responseType: 'text' });
}

export function sendActivationEmail(http: HttpClient, email: string): Promise<void> {
  return http.post<void>('/api/user/sendActivationMail', undefined, { query: { email } });
}

/** Enables or disables a user's account (sign-in). */
export function setUserCredentialsEnabled(http: HttpClient, userId: string, enabled: boolean): Promise<void> {
  return http.post<void>(`/api/user/${id(userId)}/userCredentialsEnabled`, undefined, {
    query: { userCredentialsEnabled: enabled },
  });
}

export function currentUserQuery(http: HttpClient) {
  return queryOptions({
    queryKey: userKeys.current(),
    queryFn: ({ signal }) => getCurrentUser(http, signal),
  });
}

/** Saves the signed-in user's own profile and keeps the auth state in step. */
export function useSaveProfile() {
  const { http, auth, queryClient } = useServices();
  return useMutation({
    mutationFn: (user: User) => saveUser(http, user),
    onSuccess: (saved) => {
      queryClient.setQueryData(userKeys.current(), saved);
      auth.updateUserDetails(saved);
    },
  });
}
