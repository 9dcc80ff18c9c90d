import { ErrorCode } from '@meridian/common';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { oauth2ClientsQuery, useLogin } from '../../api/auth';
import { HttpError } from '../../app/http/http-error';
import { PRODUCT_NAME } from '../../app/product';
import { useIsLoading } from '../../app/services/useIsLoading';
import { useServices } from '../../app/services/useServices';
import { FormPasswordField } from '../../components/FormPasswordField';
import { FormTextField } from '../../components/FormTextField';
import { isEmailFormat } from '../../components/form-rules';
import { coreSelectors } from '../../core-selectors';
import { AuthCard } from './AuthCard';

interface LoginValues {
  username: string;
  password: string;
}

/** Username and password sign-in, OAuth2 buttons when configured, and the forgot-password link. */
export function LoginPage() {
  const { t } = useTranslation();
  const { http, toasts } = useServices();
  const navigate = useNavigate();
  const loading = useIsLoading();
  const clients = useQuery(oauth2ClientsQuery(http));
  const login = useLogin();
  const { control, handleSubmit } = useForm<LoginValues>({
    defaultValues: { username: '', password: '' },
    // Validated on submit, then as the user corrects: a blur alone (the loginError dialog taking
    // focus from the auto-focused username, a click on "Forgot password?") flags nothing.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  // An invalid form only shows its errors: handleSubmit validates every field and calls nothing.
  const submit = handleSubmit((values) => {
    login.mutate(values, {
      onError: (error) => {
        if (
          error instanceof HttpError &&
          error.errorCode === ErrorCode.CREDENTIALS_EXPIRED &&
          error.resetToken
        ) {
          navigate(`/login/resetExpiredPassword?resetToken=${encodeURIComponent(error.resetToken)}`);
        } else if (error instanceof HttpError && error.status === 429) {
          // The HTTP client toasts no 429 (spec 1 §8); a throttled sign-in must still say why
          // nothing happened and how long to wait (decision 0018).
          toasts.show({ message: error.message, type: 'error' });
        }
      },
    });
  });

  return (
    <AuthCard
      title={t('login.sign-in-title', { product: PRODUCT_NAME })}
      width={550}
      testId={coreSelectors.login.card}
    >
      {clients.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t('app.loading')} />
        </Box>
      ) : (
        <>
          {clients.data && clients.data.length > 0 && (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mb: 1 }}>
              {clients.data.map((client) => (
                <Button
                  key={client.url}
                  variant="outlined"
                  href={client.url}
                  data-testid={coreSelectors.login.oauth2Button}
                >
                  {t('login.login-with', { name: client.name })}
                </Button>
              ))}
              <Divider>{t('login.or')}</Divider>
            </Box>
          )}
          <Box component="form" noValidate onSubmit={submit} data-testid={coreSelectors.login.form}>
            <FormTextField
              control={control}
              name="username"
              rules={{
                required: 'user.invalid-email-format',
                validate: (value) => isEmailFormat(value) || 'user.invalid-email-format',
              }}
              label={t('login.username')}
              type="email"
              autoComplete="username"
              autoFocus
              testId={coreSelectors.login.username}
            />
            <FormPasswordField
              control={control}
              name="password"
              rules={{ required: 'login.password-required' }}
              label={t('login.password')}
              autoComplete="current-password"
              testId={coreSelectors.login.password}
            />
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', my: 1 }}>
              <Link
                component={RouterLink}
                to="/login/resetPasswordRequest"
                data-testid={coreSelectors.login.forgotPassword}
              >
                {t('login.forgot-password')}
              </Link>
            </Box>
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              disabled={loading || login.isPending}
              data-testid={coreSelectors.login.submit}
            >
              {t('login.login')}
            </Button>
          </Box>
        </>
      )}
    </AuthCard>
  );
}
