import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { inputSelectors as s } from './selectors';

/** The reference's apply (✓, submits the form) and discard (✕) buttons of a single-value input. */
export function ApplyButtons({
  canApply,
  canDiscard,
  onDiscard,
}: {
  canApply: boolean;
  canDiscard: boolean;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <IconButton
        type="submit"
        color="primary"
        disabled={!canApply}
        aria-label={t('input-widgets.apply')}
        title={t('input-widgets.apply')}
        data-testid={s.apply}
      >
        <CheckIcon />
      </IconButton>
      <IconButton
        disabled={!canDiscard}
        aria-label={t('input-widgets.discard')}
        title={t('input-widgets.discard')}
        onClick={onDiscard}
        data-testid={s.discard}
      >
        <CloseIcon />
      </IconButton>
    </>
  );
}
