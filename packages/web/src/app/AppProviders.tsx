import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { AppServices } from './services/services-context';
import { ServicesContext } from './services/services-context';
import { COLOR_SCHEME_STORAGE_KEY, theme } from './theme';

export interface AppProvidersProps {
  services: AppServices;
  children: ReactNode;
}

/** Services, data cache, translations and theme for everything below. */
export function AppProviders({ services, children }: AppProvidersProps) {
  return (
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={services.queryClient}>
        <I18nextProvider i18n={services.i18n}>
          {/* Light, dark or the system's preference (the default), kept in localStorage. */}
          <ThemeProvider theme={theme} defaultMode="system" modeStorageKey={COLOR_SCHEME_STORAGE_KEY} noSsr>
            <CssBaseline />
            {children}
          </ThemeProvider>
        </I18nextProvider>
      </QueryClientProvider>
    </ServicesContext.Provider>
  );
}
