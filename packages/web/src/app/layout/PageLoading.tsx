import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { coreSelectors } from '../../core-selectors';

/** Centered spinner shown while the user loads or a lazy page arrives. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-label={t('app.loading')}
      data-testid={coreSelectors.app.pageLoading}
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: 240,
        height: '100%',
        flex: 1,
      }}
    >
      <CircularProgress />
    </Box>
  );
}
