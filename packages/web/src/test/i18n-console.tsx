import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../i18n/i18n';
import consoleMessages from '../i18n/locales/console/en_US.json';

/** Renders `children` with the English login and console messages. */
export function WithConsoleMessages({ children }: { children: ReactNode }) {
  const i18n = createI18n('en_US');
  i18n.addResourceBundle('en_US', 'translation', consoleMessages, true, false);
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}
