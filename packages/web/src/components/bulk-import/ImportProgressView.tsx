import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { selectors } from '../../selectors';
import type { ImportRunState } from './import-run';

/** Step 4 of the import wizard: a progress bar that moves as the parts of the file are answered. */
export function ImportProgressView({ state, stopping }: { state: ImportRunState; stopping: boolean }) {
  const { t } = useTranslation();
  const percent = state.total === 0 ? 100 : Math.round((state.processed / state.total) * 100);
  return (
    <Box sx={{ py: 4 }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={t('import.steps.progress')}
        data-testid={selectors.bulkImport.progress}
        sx={{ height: 8, borderRadius: 1 }}
      />
      <Typography sx={{ mt: 2 }} data-testid={selectors.bulkImport.progressText}>
        {t('import.progress', { processed: state.processed, total: state.total })}
      </Typography>
      {stopping && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('import.stopping')}
        </Typography>
      )}
    </Box>
  );
}
