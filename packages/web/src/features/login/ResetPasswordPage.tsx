import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { useResetPassword } from '../../api/auth';
import { selectors } from '../../selectors';
import { AuthCard } from './AuthCard';
import { NewPasswordForm } from './NewPasswordForm';

/**
 * login/resetPassword and login/resetExpiredPassword: a new password for the resetToken of the
 * link. Success logs the user in with the returned token pair.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const expired = pathname.endsWith('/resetExpiredPassword');
  const resetToken = params.get('resetToken');
  const reset = useResetPassword();
  return (
    <AuthCard title={t('login.reset-password')} width={450} testId={selectors.resetPassword.card}>
      {expired && (
        <Alert severity="info" sx={{ mb: 1 }} data-testid={selectors.resetPassword.expiredNotice}>
          {t('login.expired-password-reset-message')}
        </Alert>
      )}
      <NewPasswordForm
        token={resetToken}
        pending={reset.isPending}
        labels={{
          password: t('login.new-password'),
          password2: t('login.new-password-again'),
          submit: t('login.reset-password'),
        }}
        testIds={{
          password: selectors.resetPassword.newPassword,
          password2: selectors.resetPassword.newPassword2,
          submit: selectors.resetPassword.submit,
          cancel: selectors.resetPassword.cancel,
        }}
        onSubmit={(password) => {
          if (resetToken) {
            reset.mutate({ resetToken, password });
          }
        }}
      />
    </AuthCard>
  );
}
