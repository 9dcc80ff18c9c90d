import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { createContext } from 'react';
import type { AuthService } from '../auth/auth-service';
import type { HttpClient } from '../http/http-client';
import type { LoadingTracker } from '../http/loading-tracker';
import type { DialogStore } from '../notifications/dialog-store';
import type { ToastStore } from '../notifications/toast-store';

/** The shared services of one console instance (tests build their own). */
export interface AppServices {
  auth: AuthService;
  http: HttpClient;
  loading: LoadingTracker;
  toasts: ToastStore;
  dialogs: DialogStore;
  i18n: I18n;
  queryClient: QueryClient;
}

export const ServicesContext = createContext<AppServices | null>(null);
