import {
  ALLOWED_DASHBOARDS_PAGE_SIZE,
  type JwtPair,
  type OAuth2ClientInfo,
  type User,
} from '@meridian/common';
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { AuthBackend } from '../app/auth/auth-service';
import type { HttpClient } from '../app/http/http-client';
import { useServices } from '../app/services/useServices';
import { getCustomerDashboards, getTenantDashboards } from './dashboards';

const QUIET = { ignoreLoading: true, ignoreErrors: true } as const;

export const authKeys = {
  oauth2Clients: ['auth', 'oauth2Clients'] as const,
};

/** The auth calls of spec 1 §7, as the AuthService needs them. */
export function createAuthBackend(http: HttpClient): AuthBackend {
  return {
    login: (username, password) => http.post<JwtPair>('/api/auth/login', { username, password }),
    publicLogin: (publicId) => http.post<JwtPair>('/api/auth/login/public', { publicId }),
    refreshToken: (refreshToken) =>
      http.post<JwtPair>('/api/auth/token', { refreshToken }, { ignoreErrors: true }),
    logout: () => http.post<void>('/api/auth/logout', undefined, QUIET),
    getCurrentUser: () => http.get<User>('/api/auth/user'),
    changePassword: (currentPassword, newPassword) =>
      http.post<JwtPair>('/api/auth/changePassword', { currentPassword, newPassword }),
    activate: (activateToken, password) =>
      http.post<JwtPair>(
        '/api/noauth/activate',
        { activateToken, password },
        { query: { sendActivationMail: true } },
      ),
    resetPassword: (resetToken, password) =>
      http.post<JwtPair>('/api/noauth/resetPassword', { resetToken, password }),
    getUserToken: (userId) => http.get<JwtPair>(`/api/user/${encodeURIComponent(userId)}/token`),
    isUserTokenAccessEnabled: () => http.get<boolean>('/api/user/tokenAccessEnabled', QUIET),
    isEdgesSupportEnabled: () => http.get<boolean>('/api/edges/enabled', QUIET),
    getAllowedDashboardIds: async (user) => {
      const query = { pageSize: ALLOWED_DASHBOARDS_PAGE_SIZE, page: 0 };
      const page =
        user.authority === 'TENANT_ADMIN'
          ? await getTenantDashboards(http, query, QUIET)
          : await getCustomerDashboards(http, user.customerId ?? '', query, QUIET);
      return page.data.map((dashboard) => dashboard.id.id);
    },
  };
}

export function requestPasswordReset(http: HttpClient, email: string): Promise<void> {
  return http.post<void>('/api/noauth/resetPasswordByEmail', { email });
}

/** OAuth2 clients offered on the login page; an error yields an empty list. */
export function oauth2ClientsQuery(http: HttpClient) {
  return queryOptions({
    queryKey: authKeys.oauth2Clients,
    queryFn: () =>
      http
        .post<OAuth2ClientInfo[] | null>('/api/noauth/oauth2Clients', undefined, {
          ...QUIET,
          query: { platform: 'WEB' },
        })
        .then((clients) => (Array.isArray(clients) ? clients : []))
        .catch(() => []),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useLogin() {
  const { auth } = useServices();
  return useMutation({
    mutationFn: ({ username, password }: { username: string; password: string }) =>
      auth.login(username, password),
  });
}

export function useRequestPasswordReset() {
  const { http } = useServices();
  return useMutation({ mutationFn: (email: string) => requestPasswordReset(http, email) });
}

export function useResetPassword() {
  const { auth } = useServices();
  return useMutation({
    mutationFn: ({ resetToken, password }: { resetToken: string; password: string }) =>
      auth.resetPassword(resetToken, password),
  });
}

export function useActivateAccount() {
  const { auth } = useServices();
  return useMutation({
    mutationFn: ({ activateToken, password }: { activateToken: string; password: string }) =>
      auth.activate(activateToken, password),
  });
}

export function useChangePassword() {
  const { auth } = useServices();
  return useMutation({
    mutationFn: ({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) =>
      auth.changePassword(currentPassword, newPassword),
  });
}

export function useLogout() {
  const { auth } = useServices();
  return useMutation({ mutationFn: () => auth.logout() });
}
