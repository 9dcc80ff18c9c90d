import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { inputSelectors } from './selectors';

/** The outcome of the last write: success, or the server's error (null: nothing to say). */
export type WriteResult = { ok: true } | { ok: false; message: string | null } | null;

/** The reference's "Update successful" line, or the error of a failed write, under the inputs. */
export function ResultMessage({ result }: { result: WriteResult }) {
  const { t } = useTranslation();
  if (!result) return null;
  const text = result.ok
    ? t('input-widgets.update-successful')
    : (result.message ?? t('input-widgets.update-failed'));
  return (
    <Typography
      variant="body2"
      role={result.ok ? 'status' : 'alert'}
      color={result.ok ? 'success.main' : 'error'}
      data-testid={inputSelectors.result}
      sx={{ wordBreak: 'break-word' }}
    >
      {text}
    </Typography>
  );
}
