import type { User } from '@meridian/common';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { dashboardScopeOf } from '../../api/dashboards';
import { useSaveProfile } from '../../api/user';
import { useCan } from '../../app/permissions/useCan';
import { useIsLoading } from '../../app/services/useIsLoading';
import { useServices } from '../../app/services/useServices';
import { FormCard } from '../../components/FormCard';
import { FormCheckbox } from '../../components/FormCheckbox';
import { FormSelectField } from '../../components/FormSelectField';
import { FormTextField } from '../../components/FormTextField';
import { isEmailFormat } from '../../components/form-rules';
import { changeLanguage } from '../../i18n/i18n';
import { OFFERED_LANGUAGES, toBcp47 } from '../../i18n/languages';
import { selectors } from '../../selectors';
import { DashboardField } from '../dashboard/DashboardField';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { type ProfileValues, profileValuesOf, userWithProfile } from './profile-values';

export interface ProfileFormProps {
  user: User;
}

/** The signed-in user's own details, language and default dashboard. */
export function ProfileForm({ user }: ProfileFormProps) {
  const { t } = useTranslation();
  const { i18n, toasts, auth } = useServices();
  const loading = useIsLoading();
  const save = useSaveProfile();
  // The default-password warning links here with ?changePassword=true to open the dialog at once.
  const [searchParams] = useSearchParams();
  const [changingPassword, setChangingPassword] = useState(
    () => searchParams.get('changePassword') === 'true',
  );
  const { control, handleSubmit, reset, formState } = useForm<ProfileValues>({
    defaultValues: profileValuesOf(user, i18n.language),
    mode: 'onTouched',
  });
  // Read both flags on every render: react-hook-form only tracks the form-state fields a render reads.
  const { isDirty, isValid } = formState;
  const hasDashboards = useCan('pickDefaultDashboard');
  // A choice of one is no choice: the picker shows once a second language is complete.
  const picksLanguage = OFFERED_LANGUAGES.length > 1;

  // The chosen language applies once saved (additionalInfo.lang), so it is the one a reload brings back.
  const submit = handleSubmit((values) => {
    save.mutate(
      userWithProfile(user, values, { withDashboard: hasDashboards, withLanguage: picksLanguage }),
      {
        onSuccess: (saved) => {
          reset(profileValuesOf(saved, values.lang));
          // The confirmation speaks the language just saved, once its messages are in.
          const applied = picksLanguage ? changeLanguage(i18n, values.lang) : Promise.resolve();
          void applied.then(() => toasts.show({ message: i18n.t('profile.profile-saved'), type: 'success' }));
        },
      },
    );
  });

  const copyToken = () => {
    const token = auth.getAccessToken();
    if (token && navigator.clipboard) {
      void navigator.clipboard
        .writeText(token)
        .then(() => toasts.show({ message: t('profile.jwt-token-copied'), type: 'success' }));
    }
  };

  return (
    <>
      <FormCard
        title={t('profile.details')}
        onSubmit={submit}
        testId={selectors.profile.page}
        actions={
          <>
            <Button onClick={() => setChangingPassword(true)} data-testid={selectors.profile.changePassword}>
              {t('profile.change-password')}
            </Button>
            <Button onClick={copyToken} data-testid={selectors.profile.copyJwt}>
              {t('profile.copy-jwt-token')}
            </Button>
            <Box sx={{ flex: 1 }} />
            <Button
              type="submit"
              variant="contained"
              disabled={!isDirty || !isValid || loading || save.isPending}
              data-testid={selectors.profile.save}
            >
              {t('action.save')}
            </Button>
          </>
        }
      >
        <FormTextField
          control={control}
          name="email"
          rules={{
            required: 'user.email-required',
            validate: (value) => isEmailFormat(value.trim()) || 'user.invalid-email-format',
          }}
          label={t('user.email')}
          type="email"
          required
          autoComplete="email"
          testId={selectors.profile.email}
        />
        <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' } }}>
          <FormTextField
            control={control}
            name="firstName"
            label={t('user.first-name')}
            testId={selectors.profile.firstName}
          />
          <FormTextField
            control={control}
            name="lastName"
            label={t('user.last-name')}
            testId={selectors.profile.lastName}
          />
        </Box>
        {picksLanguage && (
          <FormSelectField
            control={control}
            name="lang"
            label={t('profile.language')}
            testId={selectors.profile.language}
          >
            {OFFERED_LANGUAGES.map((code) => (
              <MenuItem key={code} value={code} lang={toBcp47(code)}>
                {t(`language.locales.${code}`)}
              </MenuItem>
            ))}
          </FormSelectField>
        )}
        {hasDashboards && (
          <>
            <DashboardField
              control={control}
              name="defaultDashboardId"
              label={t('profile.default-dashboard')}
              scope={dashboardScopeOf(user)}
              testId={selectors.profile.defaultDashboard}
            />
            <FormCheckbox
              control={control}
              name="defaultDashboardFullscreen"
              toggle
              label={t('profile.always-fullscreen')}
              testId={selectors.profile.defaultDashboardFullscreen}
            />
          </>
        )}
      </FormCard>
      <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
    </>
  );
}
