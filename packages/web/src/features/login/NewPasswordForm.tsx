import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useIsLoading } from '../../app/services/useIsLoading';
import { useServices } from '../../app/services/useServices';
import { FormPasswordField } from '../../components/FormPasswordField';

interface NewPasswordValues {
  password: string;
  password2: string;
}

export interface NewPasswordFormProps {
  labels: { password: string; password2: string; submit: string };
  testIds: { password: string; password2: string; submit: string; cancel: string };
  /** The token from the link; without it the form cannot be sent. */
  token: string | null;
  pending: boolean;
  onSubmit: (password: string) => void;
}

/**
 * Two password entries that must match (spec 1 §5): on a mismatch the error toast
 * login.passwords-mismatch-error appears and nothing is sent. No length or strength rule is shown.
 */
export function NewPasswordForm({ labels, testIds, token, pending, onSubmit }: NewPasswordFormProps) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const loading = useIsLoading();
  const { control, handleSubmit } = useForm<NewPasswordValues>({
    defaultValues: { password: '', password2: '' },
    mode: 'onTouched',
  });
  const submit = handleSubmit(({ password, password2 }) => {
    if (password !== password2) {
      toasts.show({ message: t('login.passwords-mismatch-error'), type: 'error' });
      return;
    }
    onSubmit(password);
  });
  return (
    <Box component="form" noValidate onSubmit={submit}>
      {!token && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('login.token-missing')}
        </Alert>
      )}
      <FormPasswordField
        control={control}
        name="password"
        rules={{ required: 'profile.new-password-required' }}
        label={labels.password}
        autoComplete="new-password"
        autoFocus
        testId={testIds.password}
      />
      <FormPasswordField
        control={control}
        name="password2"
        rules={{ required: 'profile.new-password-again-required' }}
        label={labels.password2}
        autoComplete="new-password"
        testId={testIds.password2}
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 2 }}>
        <Button component={RouterLink} to="/login" data-testid={testIds.cancel}>
          {t('action.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!token || pending || loading}
          data-testid={testIds.submit}
        >
          {labels.submit}
        </Button>
      </Box>
    </Box>
  );
}
