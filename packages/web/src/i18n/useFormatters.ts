import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from './date-time';

export interface Formatters {
  dateTime: (epochMs: number | null | undefined) => string;
  /** Date and time to the millisecond. */
  dateTimeMs: (epochMs: number | null | undefined) => string;
}

/** The shared formatters of date-time.ts, bound to the user's current language. */
export function useFormatters(): Formatters {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(
    () => ({
      dateTime: (epochMs) => formatDateTime(epochMs, language),
      dateTimeMs: (epochMs) => formatDateTime(epochMs, language, undefined, { milliseconds: true }),
    }),
    [language],
  );
}
