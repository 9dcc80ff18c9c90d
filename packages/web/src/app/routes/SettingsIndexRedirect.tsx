import { Navigate } from 'react-router';
import { useAuthState } from '../services/useAuthState';

/** /settings opens the first settings page of the authority (the redirect differs per authority). */
export function SettingsIndexRedirect() {
  const { authUser } = useAuthState();
  const target = authUser?.authority === 'TENANT_ADMIN' ? '/settings/home' : '/settings/general';
  return <Navigate to={target} replace />;
}
