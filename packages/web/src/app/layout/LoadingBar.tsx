import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { coreSelectors } from '../../core-selectors';
import { useIsLoading } from '../services/useIsLoading';

/** Thin progress bar at the top of the window while the global loading flag is on. */
export function LoadingBar() {
  const loading = useIsLoading();
  const { t } = useTranslation();
  if (!loading) {
    return null;
  }
  return (
    <LinearProgress
      color="secondary"
      aria-label={t('app.loading')}
      data-testid={coreSelectors.app.loadingBar}
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: 3,
        zIndex: (theme) => theme.zIndex.snackbar + 1,
      }}
    />
  );
}
