import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { NotFoundNotice } from '../../components/NotFoundNotice';

/** Any path no route matches: says so, with a link home, rather than silently redirecting. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <NotFoundNotice
      title={t('not-found.title')}
      message={t('not-found.message', { path: pathname })}
      linkTo="/home"
      linkLabel={t('not-found.go-home')}
    />
  );
}
