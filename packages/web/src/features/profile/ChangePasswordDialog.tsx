import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useChangePassword } from '../../api/auth';
import { useIsLoading } from '../../app/services/useIsLoading';
import { useServices } from '../../app/services/useServices';
import { FormPasswordField } from '../../components/FormPasswordField';
import { selectors } from '../../selectors';

interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  newPassword2: string;
}

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', newPassword2: '' };

export interface ChangePasswordDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Current, new and repeated password; on success the new token pair is kept (the session goes on). */
export function ChangePasswordDialog({ open, onClose }: ChangePasswordDialogProps) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const loading = useIsLoading();
  const change = useChangePassword();
  const { control, handleSubmit, reset } = useForm<ChangePasswordValues>({
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const close = () => {
    reset(EMPTY);
    onClose();
  };
  const submit = handleSubmit(({ currentPassword, newPassword, newPassword2 }) => {
    if (newPassword !== newPassword2) {
      toasts.show({ message: t('login.passwords-mismatch-error'), type: 'error' });
      return;
    }
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toasts.show({ message: t('profile.password-changed'), type: 'success' });
          close();
        },
      },
    );
  });
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="change-password-title"
      maxWidth="xs"
      fullWidth
      data-testid={selectors.changePassword.dialog}
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object }}
    >
      <DialogTitle id="change-password-title">{t('profile.change-password')}</DialogTitle>
      <DialogContent>
        <FormPasswordField
          control={control}
          name="currentPassword"
          rules={{ required: 'profile.current-password-required' }}
          label={t('profile.current-password')}
          autoComplete="current-password"
          autoFocus
          testId={selectors.changePassword.currentPassword}
        />
        <FormPasswordField
          control={control}
          name="newPassword"
          rules={{ required: 'profile.new-password-required' }}
          label={t('profile.new-password')}
          autoComplete="new-password"
          testId={selectors.changePassword.newPassword}
        />
        <FormPasswordField
          control={control}
          name="newPassword2"
          rules={{ required: 'profile.new-password-again-required' }}
          label={t('profile.new-password-again')}
          autoComplete="new-password"
          testId={selectors.changePassword.newPassword2}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close} data-testid={selectors.changePassword.cancel}>
          {t('action.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={loading || change.isPending}
          data-testid={selectors.changePassword.submit}
        >
          {t('profile.change-password')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
