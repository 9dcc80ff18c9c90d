import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { PRODUCT_NAME } from '../product';
import { pageTitleKey } from './route-meta';

/** Keeps document.title as the application title followed by the translated route title. */
export function usePageTitle(): void {
  const matches = useMatches();
  const { t } = useTranslation();
  const key = pageTitleKey(matches);
  const title = key ? t('app.page-title', { app: PRODUCT_NAME, page: t(key) }) : PRODUCT_NAME;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
