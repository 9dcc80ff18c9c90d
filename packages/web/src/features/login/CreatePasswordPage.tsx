import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useActivateAccount } from '../../api/auth';
import { selectors } from '../../selectors';
import { AuthCard } from './AuthCard';
import { NewPasswordForm } from './NewPasswordForm';

/** login/createPassword: activates the account of the activateToken link and logs the user in. */
export function CreatePasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const activateToken = params.get('activateToken');
  const activate = useActivateAccount();
  return (
    <AuthCard title={t('login.create-password')} width={450} testId={selectors.createPassword.card}>
      <NewPasswordForm
        token={activateToken}
        pending={activate.isPending}
        labels={{
          password: t('login.password'),
          password2: t('login.password-again'),
          submit: t('login.create-password'),
        }}
        testIds={{
          password: selectors.createPassword.password,
          password2: selectors.createPassword.password2,
          submit: selectors.createPassword.submit,
          cancel: selectors.createPassword.cancel,
        }}
        onSubmit={(password) => {
          if (activateToken) {
            activate.mutate({ activateToken, password });
          }
        }}
      />
    </AuthCard>
  );
}
