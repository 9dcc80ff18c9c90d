import type { User } from '@meridian/common';
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { HttpClient } from '../app/http/http-client';
import { useServices } from '../app/services/useServices';

export const userKeys = {
  all: ['user'] as const,
  current: () => [...userKeys.all, 'current'] as const,
};

export function getCurrentUser(http: HttpClient, signal?: AbortSignal): Promise<User> {
  return http.get<User>('/api/auth/user', { signal });
}

/** Saves a user; the whole object goes back with the changes applied. */
export function saveUser(http: HttpClient, user: User): Promise<User> {
  return http.post<User>('/api/user', user);
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
