import type { AdminSettings, GeneralSettings } from '@meridian/common';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { generalSettingsQuery, useSaveGeneralSettings } from '../../api/admin';
import { PageLoading } from '../../app/layout/PageLoading';
import { useIsLoading } from '../../app/services/useIsLoading';
import { useServices } from '../../app/services/useServices';
import { FormCard } from '../../components/FormCard';
import { FormCheckbox } from '../../components/FormCheckbox';
import { FormTextField } from '../../components/FormTextField';
import { selectors } from '../../selectors';

interface GeneralValues {
  baseUrl: string;
  prohibitDifferentUrl: boolean;
}

function valuesOf(settings: AdminSettings<GeneralSettings>): GeneralValues {
  return {
    baseUrl: settings.jsonValue.baseUrl ?? '',
    // Only an explicit false lets the server use the request's host (decision 0019).
    prohibitDifferentUrl: settings.jsonValue.prohibitDifferentUrl !== false,
  };
}

/** /settings/general: base URL and whether the host from client request headers may be used. */
export function GeneralSettingsPage() {
  const { t } = useTranslation();
  const { http } = useServices();
  const settings = useQuery(generalSettingsQuery(http));
  if (settings.data) {
    return <GeneralSettingsForm settings={settings.data} />;
  }
  return settings.isError ? <Alert severity="error">{t('app.load-failed')}</Alert> : <PageLoading />;
}

function GeneralSettingsForm({ settings }: { settings: AdminSettings<GeneralSettings> }) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const loading = useIsLoading();
  const save = useSaveGeneralSettings();
  const { control, handleSubmit, reset, formState } = useForm<GeneralValues>({
    defaultValues: valuesOf(settings),
    mode: 'onTouched',
  });
  // Read both flags on every render: react-hook-form only tracks the form-state fields a render reads.
  const { isDirty, isValid } = formState;
  const submit = handleSubmit((values) => {
    save.mutate(
      {
        ...settings,
        jsonValue: {
          ...settings.jsonValue,
          baseUrl: values.baseUrl.trim(),
          prohibitDifferentUrl: values.prohibitDifferentUrl,
        },
      },
      {
        onSuccess: (saved) => {
          reset(valuesOf(saved));
          toasts.show({ message: t('admin.settings-saved'), type: 'success' });
        },
      },
    );
  });
  return (
    <FormCard
      title={t('admin.general-settings')}
      onSubmit={submit}
      testId={selectors.generalSettings.page}
      actions={
        <Button
          type="submit"
          variant="contained"
          disabled={!isDirty || !isValid || loading || save.isPending}
          data-testid={selectors.generalSettings.save}
        >
          {t('action.save')}
        </Button>
      }
    >
      <FormTextField
        control={control}
        name="baseUrl"
        rules={{ validate: (value) => value.trim().length > 0 || 'admin.base-url-required' }}
        label={t('admin.base-url')}
        required
        testId={selectors.generalSettings.baseUrl}
      />
      <FormCheckbox
        control={control}
        name="prohibitDifferentUrl"
        label={t('admin.prohibit-different-url')}
        testId={selectors.generalSettings.prohibitDifferentUrl}
      />
      <FormHelperText>{t('admin.prohibit-different-url-hint')}</FormHelperText>
    </FormCard>
  );
}
