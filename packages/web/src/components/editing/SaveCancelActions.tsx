import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/** The Cancel and Save buttons of an editing dialog. */
export function SaveCancelActions({
  onCancel,
  onSave,
  saveDisabled = false,
  cancelTestId,
  saveTestId,
}: {
  onCancel: () => void;
  onSave: () => void;
  saveDisabled?: boolean;
  cancelTestId?: string;
  saveTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button onClick={onCancel} data-testid={cancelTestId}>
        {t('action.cancel')}
      </Button>
      <Button variant="contained" disabled={saveDisabled} onClick={onSave} data-testid={saveTestId}>
        {t('action.save')}
      </Button>
    </>
  );
}
