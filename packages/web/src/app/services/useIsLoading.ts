import { useSyncExternalStore } from 'react';
import { useServices } from './useServices';

/** The global loading flag driven by the HTTP client. */
export function useIsLoading(): boolean {
  const { loading } = useServices();
  return useSyncExternalStore(loading.subscribe, loading.isLoading, loading.isLoading);
}
