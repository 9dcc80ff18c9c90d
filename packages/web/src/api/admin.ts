import type {
  AdminSettings,
  GeneralSettings,
  MailSettings,
  SecuritySettings,
  UpdateMessage,
} from '@meridian/common';
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { HttpClient } from '../app/http/http-client';
import { useServices } from '../app/services/useServices';

export type AdminSettingsKey = 'general' | 'mail';

export const adminKeys = {
  all: ['admin'] as const,
  settings: (key: AdminSettingsKey) => [...adminKeys.all, 'settings', key] as const,
  securitySettings: () => [...adminKeys.all, 'securitySettings'] as const,
};

export function getAdminSettings<T extends object>(
  http: HttpClient,
  key: AdminSettingsKey,
  signal?: AbortSignal,
): Promise<AdminSettings<T>> {
  return http.get<AdminSettings<T>>(`/api/admin/settings/${key}`, { signal });
}

export function saveAdminSettings<T extends object>(
  http: HttpClient,
  settings: AdminSettings<T>,
): Promise<AdminSettings<T>> {
  return http.post<AdminSettings<T>>('/api/admin/settings', settings);
}

export function sendTestMail(http: HttpClient, settings: AdminSettings<MailSettings>): Promise<void> {
  return http.post<void>('/api/admin/settings/testMail', settings);
}

export function getSecuritySettings(http: HttpClient, signal?: AbortSignal): Promise<SecuritySettings> {
  return http.get<SecuritySettings>('/api/admin/securitySettings', { signal });
}

export function saveSecuritySettings(
  http: HttpClient,
  settings: SecuritySettings,
): Promise<SecuritySettings> {
  return http.post<SecuritySettings>('/api/admin/securitySettings', settings);
}

/** Quiet check made when a system administrator reaches the default place. */
export function checkUpdates(http: HttpClient): Promise<UpdateMessage> {
  return http.get<UpdateMessage>('/api/admin/updates', { ignoreLoading: true, ignoreErrors: true });
}

export function generalSettingsQuery(http: HttpClient) {
  return queryOptions({
    queryKey: adminKeys.settings('general'),
    queryFn: ({ signal }) => getAdminSettings<GeneralSettings>(http, 'general', signal),
  });
}

export function mailSettingsQuery(http: HttpClient) {
  return queryOptions({
    queryKey: adminKeys.settings('mail'),
    queryFn: ({ signal }) => getAdminSettings<MailSettings>(http, 'mail', signal),
  });
}

export function securitySettingsQuery(http: HttpClient) {
  return queryOptions({
    queryKey: adminKeys.securitySettings(),
    queryFn: ({ signal }) => getSecuritySettings(http, signal),
  });
}

function useSaveSettings<T extends object>(key: AdminSettingsKey) {
  const { http, queryClient } = useServices();
  return useMutation({
    mutationFn: (settings: AdminSettings<T>) => saveAdminSettings(http, settings),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.settings(key), saved);
    },
  });
}

export function useSaveGeneralSettings() {
  return useSaveSettings<GeneralSettings>('general');
}

export function useSaveMailSettings() {
  return useSaveSettings<MailSettings>('mail');
}

export function useSendTestMail() {
  const { http } = useServices();
  return useMutation({ mutationFn: (settings: AdminSettings<MailSettings>) => sendTestMail(http, settings) });
}

export function useSaveSecuritySettings() {
  const { http, queryClient } = useServices();
  return useMutation({
    mutationFn: (settings: SecuritySettings) => saveSecuritySettings(http, settings),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.securitySettings(), saved);
    },
  });
}
