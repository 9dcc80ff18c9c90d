import { useSyncExternalStore } from 'react';
import type { AuthState } from '../auth/auth-state';
import { useServices } from './useServices';

/** The current auth state; re-renders on every transition. */
export function useAuthState(): AuthState {
  const { auth } = useServices();
  return useSyncExternalStore(auth.subscribe, auth.getState, auth.getState);
}
