import { checkUpdates } from '../../api/admin';
import type { AuthState } from '../auth/auth-state';
import { NO_LOGIN_PARAMS } from '../auth/login-params';
import type { GuardDecision } from '../auth/navigation-guard';
import { showForbiddenDialog } from '../notifications/forbidden-dialog';
import type { AppServices } from '../services/services-context';

export type Navigate = (to: string, options?: { replace?: boolean }) => void;

/** A key that changes on login, logout and user switch; null while the user loads. */
export function sessionIdentity(state: AuthState): string | null {
  if (!state.isUserLoaded) {
    return null;
  }
  const user = state.authUser;
  return state.isAuthenticated && user ? `${user.userId}|${user.sub}` : 'anonymous';
}

/** After a login or logout the app goes to the default place (spec 1 §4). */
export function followSessionChange(services: AppServices, state: AuthState, navigate: Navigate): void {
  if (state.isAuthenticated) {
    navigate(services.auth.defaultUrl(), { replace: true });
    announceUpdates(services, state);
  } else {
    services.queryClient.clear();
    navigate('/login', { replace: true });
  }
}

/** A system administrator gets an info toast, bottom right, when an update is available. */
export function announceUpdates(services: AppServices, state: AuthState): void {
  if (state.authUser?.authority !== 'SYS_ADMIN') {
    return;
  }
  checkUpdates(services.http).then(
    (update) => {
      if (update?.updateAvailable) {
        services.toasts.show({
          message: update.message,
          type: 'info',
          verticalPosition: 'bottom',
          horizontalPosition: 'right',
        });
      }
    },
    () => undefined,
  );
}

/**
 * Carries out a guard decision for a location. `here` is that location's URL; `entered` tells
 * whether the user is already on it (render-time guard) or only asked to go there (blocked).
 */
export function applyGuardDecision(
  services: AppServices,
  decision: GuardDecision,
  here: string,
  entered: boolean,
  navigate: Navigate,
): void {
  const { auth, dialogs, i18n } = services;
  switch (decision.type) {
    case 'login':
      auth.setRedirectUrl(decision.rememberUrl);
      navigate('/login', { replace: true });
      return;
    case 'defaultPlace': {
      const url = auth.defaultUrl();
      if (url !== here) {
        navigate(url, { replace: true });
      } else if (auth.getState().authUser?.isPublic) {
        void auth.logout();
      } else {
        navigate('/home', { replace: true });
      }
      return;
    }
    case 'forbidden':
      showForbiddenDialog(
        dialogs,
        (key) => i18n.t(key),
        () => void auth.logout(),
      );
      if (entered) {
        const url = auth.defaultUrl();
        navigate(url === here ? '/home' : url, { replace: true });
      }
      return;
    case 'reloadPublic':
      auth.setRedirectUrl(here);
      void auth.reloadUser({ ...NO_LOGIN_PARAMS, publicId: decision.publicId });
      return;
    case 'logout':
      void auth.logout();
      return;
    default:
      return;
  }
}
