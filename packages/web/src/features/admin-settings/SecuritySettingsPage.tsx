import type { SecuritySettings } from '@meridian/common';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { securitySettingsQuery, useSaveSecuritySettings } from '../../api/admin';
import { PageLoading } from '../../app/layout/PageLoading';
import { useIsLoading } from '../../app/services/useIsLoading';
import { useServices } from '../../app/services/useServices';
import { FormCard } from '../../components/FormCard';
import { FormCheckbox } from '../../components/FormCheckbox';
import { FormTextField } from '../../components/FormTextField';
import { isEmailFormat, isOptionalNonNegativeInteger } from '../../components/form-rules';
import { selectors } from '../../selectors';
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  type SecurityValues,
  securitySettingsWith,
  securityValuesOf,
} from './security-settings-values';

const S = selectors.securitySettings;
const grid = { display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;
const nonNegative = {
  validate: (value: number | null) => isOptionalNonNegativeInteger(value) || 'admin.non-negative',
};

/** Optional whole-number fields of the password policy, with their labels and test ids. */
type CountField =
  | 'minimumUppercaseLetters'
  | 'minimumLowercaseLetters'
  | 'minimumDigits'
  | 'minimumSpecialCharacters'
  | 'passwordExpirationPeriodDays'
  | 'passwordReuseFrequencyDays';

const COUNT_FIELDS: { name: CountField; label: string; testId: string }[] = [
  {
    name: 'minimumUppercaseLetters',
    label: 'admin.minimum-uppercase-letters',
    testId: S.minimumUppercaseLetters,
  },
  {
    name: 'minimumLowercaseLetters',
    label: 'admin.minimum-lowercase-letters',
    testId: S.minimumLowercaseLetters,
  },
  { name: 'minimumDigits', label: 'admin.minimum-digits', testId: S.minimumDigits },
  {
    name: 'minimumSpecialCharacters',
    label: 'admin.minimum-special-characters',
    testId: S.minimumSpecialCharacters,
  },
  {
    name: 'passwordExpirationPeriodDays',
    label: 'admin.password-expiration-period-days',
    testId: S.passwordExpirationPeriodDays,
  },
  {
    name: 'passwordReuseFrequencyDays',
    label: 'admin.password-reuse-frequency-days',
    testId: S.passwordReuseFrequencyDays,
  },
];

/** /settings/security-settings: login lockout and password policy. */
export function SecuritySettingsPage() {
  const { t } = useTranslation();
  const { http } = useServices();
  const settings = useQuery(securitySettingsQuery(http));
  if (settings.data) {
    return <SecuritySettingsForm settings={settings.data} />;
  }
  return settings.isError ? <Alert severity="error">{t('app.load-failed')}</Alert> : <PageLoading />;
}

function SecuritySettingsForm({ settings }: { settings: SecuritySettings }) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const loading = useIsLoading();
  const save = useSaveSecuritySettings();
  const { control, handleSubmit, reset, formState } = useForm<SecurityValues>({
    defaultValues: securityValuesOf(settings),
    mode: 'onTouched',
  });
  // Read both flags on every render: react-hook-form only tracks the form-state fields a render reads.
  const { isDirty, isValid } = formState;
  const submit = handleSubmit((values) => {
    save.mutate(securitySettingsWith(settings, values), {
      onSuccess: (saved) => {
        reset(securityValuesOf(saved));
        toasts.show({ message: t('admin.settings-saved'), type: 'success' });
      },
    });
  });
  return (
    <FormCard
      title={t('admin.security-settings')}
      onSubmit={submit}
      testId={S.page}
      actions={
        <Button
          type="submit"
          variant="contained"
          disabled={!isDirty || !isValid || loading || save.isPending}
          data-testid={S.save}
        >
          {t('action.save')}
        </Button>
      }
    >
      <Typography variant="subtitle1" component="h2" sx={{ mt: 1 }}>
        {t('admin.general-policy')}
      </Typography>
      <Box sx={grid}>
        <FormTextField
          control={control}
          name="maxFailedLoginAttempts"
          numeric
          rules={nonNegative}
          label={t('admin.max-failed-login-attempts')}
          testId={S.maxFailedLoginAttempts}
        />
        <FormTextField
          control={control}
          name="userLockoutNotificationEmail"
          rules={{
            validate: (value) =>
              value.trim() === '' || isEmailFormat(value.trim()) || 'user.invalid-email-format',
          }}
          label={t('admin.user-lockout-notification-email')}
          type="email"
          testId={S.userLockoutNotificationEmail}
        />
      </Box>
      <Typography variant="subtitle1" component="h2" sx={{ mt: 2 }}>
        {t('admin.password-policy')}
      </Typography>
      <Box sx={grid}>
        <FormTextField
          control={control}
          name="minimumLength"
          numeric
          rules={{
            validate: (value) =>
              value === null
                ? 'admin.minimum-password-length-required'
                : (Number.isInteger(value) && value >= MIN_PASSWORD_LENGTH && value <= MAX_PASSWORD_LENGTH) ||
                  'admin.minimum-password-length-range',
          }}
          label={t('admin.minimum-password-length')}
          required
          testId={S.minimumLength}
        />
        {COUNT_FIELDS.map((field) => (
          <FormTextField
            key={field.name}
            control={control}
            name={field.name}
            numeric
            rules={nonNegative}
            label={t(field.label)}
            testId={field.testId}
          />
        ))}
      </Box>
      <FormCheckbox
        control={control}
        name="allowWhitespaces"
        label={t('admin.allow-whitespaces')}
        testId={S.allowWhitespaces}
      />
    </FormCard>
  );
}
