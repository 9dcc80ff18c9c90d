import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { selectors } from '../../selectors';
import type { ImportRunState } from './import-run';

/** Step 5: how many entities were created and updated, and each line that failed. */
export function ImportResultView({ state }: { state: ImportRunState }) {
  const { t } = useTranslation();
  const { result } = state;
  return (
    <Box data-testid={selectors.bulkImport.result}>
      {state.status === 'cancelled' && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid={selectors.bulkImport.status}>
          {t('import.result.cancelled', { processed: state.processed, total: state.total })}
        </Alert>
      )}
      {state.status === 'failed' && state.failure && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid={selectors.bulkImport.status}>
          {t('import.result.failed', { line: state.failure.firstLine, message: state.failure.message })}
        </Alert>
      )}
      {state.total === 0 && <Typography sx={{ mb: 1 }}>{t('import.result.empty')}</Typography>}
      <Typography data-testid={selectors.bulkImport.created}>
        {t('import.result.created', { count: result.created })}
      </Typography>
      <Typography data-testid={selectors.bulkImport.updated}>
        {t('import.result.updated', { count: result.updated })}
      </Typography>
      <Typography data-testid={selectors.bulkImport.errors} color={result.errors > 0 ? 'error' : undefined}>
        {t('import.result.errors', { count: result.errors })}
      </Typography>
      {result.errorsList.length > 0 && (
        <Box
          component="ul"
          data-testid={selectors.bulkImport.errorList}
          sx={{
            mt: 1,
            mb: 0,
            pl: 3,
            maxHeight: 240,
            overflow: 'auto',
            fontFamily: 'monospace',
            fontSize: 13,
            bgcolor: (theme) => theme.palette.action.hover,
            borderRadius: 1,
            py: 1,
          }}
        >
          {result.errorsList.map((error, index) => (
            // The list is shown once and never reordered.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index}>{error}</li>
          ))}
        </Box>
      )}
    </Box>
  );
}
