import { QueryClient } from '@tanstack/react-query';
import { createAuthBackend } from '../../api/auth';
import { changeLanguage, createI18n } from '../../i18n/i18n';
import { matchLanguage } from '../../i18n/languages';
import { AuthService } from '../auth/auth-service';
import { TokenStore } from '../auth/token-store';
import { type ErrorPresenter, HttpClient, type SessionPort } from '../http/http-client';
import { LoadingTracker } from '../http/loading-tracker';
import { DialogStore } from '../notifications/dialog-store';
import { showForbiddenDialog } from '../notifications/forbidden-dialog';
import { ToastStore } from '../notifications/toast-store';
import type { AppServices } from './services-context';

export interface ServiceOptions {
  fetch?: typeof fetch;
  storage?: Storage;
  now?: () => number;
  /** Current in-app URL; defaults to the browser location. */
  currentUrl?: () => string;
  /** Language used when the user has none; defaults to the browser's languages. */
  fallbackLanguage?: () => string;
}

function browserLanguage(): string {
  return matchLanguage(typeof navigator === 'undefined' ? [] : navigator.languages);
}

/** Builds and wires one console instance: tokens, auth state machine, HTTP client, toasts, dialogs. */
export function createAppServices(options: ServiceOptions = {}): AppServices {
  const i18n = createI18n();
  const t = (key: string): string => i18n.t(key);
  const toasts = new ToastStore();
  const dialogs = new DialogStore();
  const loading = new LoadingTracker();
  const tokens = new TokenStore(options.storage ?? window.localStorage, options.now);
  const fallbackLanguage = options.fallbackLanguage ?? browserLanguage;

  // The client and the state machine need each other; the session adapter resolves `auth` lazily.
  const session: SessionPort = {
    getAccessToken: () => auth.getAccessToken(),
    isAccessTokenValid: () => auth.isAccessTokenValid(),
    isRefreshPending: () => auth.isRefreshPending(),
    refreshTokens: () => auth.refreshTokens(),
    handleRefreshFailure: () => auth.handleRefreshFailure(),
  };
  const errors: ErrorPresenter = {
    showError: (message, delayMs) => {
      const show = () => toasts.show({ message, type: 'error' });
      if (delayMs > 0) {
        setTimeout(show, delayMs);
      } else {
        show();
      }
    },
    showForbidden: () => showForbiddenDialog(dialogs, t, () => void auth.logout()),
    text: (key, values) => i18n.t(key, values),
  };
  const http = new HttpClient({
    fetch: options.fetch ?? window.fetch.bind(window),
    session,
    errors,
    loading,
  });
  const auth = new AuthService({
    tokens,
    backend: createAuthBackend(http),
    translate: t,
    currentUrl: options.currentUrl ?? (() => `${window.location.pathname}${window.location.search}`),
    applyUserLanguage: (lang) => changeLanguage(i18n, lang ?? fallbackLanguage()),
    showLoginError: (message) => {
      void dialogs.alert({ title: t('login.error'), message, okLabel: t('action.close') });
    },
  });
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  return { auth, http, loading, toasts, dialogs, i18n, queryClient };
}
