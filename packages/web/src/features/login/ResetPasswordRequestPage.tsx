import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useRequestPasswordReset } from '../../api/auth';
import { useIsLoading } from '../../app/services/useIsLoading';
import { useServices } from '../../app/services/useServices';
import { FormTextField } from '../../components/FormTextField';
import { isEmailFormat } from '../../components/form-rules';
import { selectors } from '../../selectors';
import { AuthCard } from './AuthCard';

/** Asks for a password reset link by email. The button works once per visit. */
export function ResetPasswordRequestPage() {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const loading = useIsLoading();
  const request = useRequestPasswordReset();
  const [submitted, setSubmitted] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { control, handleSubmit } = useForm<{ email: string }>({
    defaultValues: { email: '' },
    mode: 'onSubmit',
  });

  const submit = handleSubmit(({ email }) => {
    setSubmitted(true);
    request.mutate(email, {
      onSuccess: () => {
        setSentTo(email);
        toasts.show({ message: t('login.password-link-sent-message'), type: 'success' });
      },
    });
  });

  return (
    <AuthCard title={t('login.request-password-reset')} width={450} testId={selectors.resetRequest.card}>
      <Box component="form" noValidate onSubmit={submit}>
        {sentTo === null ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('login.reset-request-hint')}
          </Typography>
        ) : (
          // The server answers alike for unknown addresses, so the message cannot promise more.
          <Alert severity="success" sx={{ mb: 1 }} data-testid={selectors.resetRequest.sent}>
            {t('login.password-link-sent-to', { email: sentTo })}
          </Alert>
        )}
        <FormTextField
          control={control}
          name="email"
          rules={{
            required: 'user.email-required',
            validate: (value) => isEmailFormat(value) || 'user.invalid-email-format',
          }}
          label={t('login.email')}
          type="email"
          autoComplete="email"
          autoFocus
          disabled={sentTo !== null}
          testId={selectors.resetRequest.email}
        />
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 2 }}>
          <Button component={RouterLink} to="/login" data-testid={selectors.resetRequest.cancel}>
            {sentTo === null ? t('action.cancel') : t('login.back-to-login')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={submitted || loading}
            data-testid={selectors.resetRequest.submit}
          >
            {t('login.request-password-reset')}
          </Button>
        </Box>
      </Box>
    </AuthCard>
  );
}
