import type { AdminSettings, MailSettings } from '@meridian/common';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { mailSettingsQuery, useSaveMailSettings, useSendTestMail } from '../../api/admin';
import { PageLoading } from '../../app/layout/PageLoading';
import { useIsLoading } from '../../app/services/useIsLoading';
import { useServices } from '../../app/services/useServices';
import { FormCard } from '../../components/FormCard';
import { FormCheckbox } from '../../components/FormCheckbox';
import { FormPasswordField } from '../../components/FormPasswordField';
import { FormSelectField } from '../../components/FormSelectField';
import { FormTextField } from '../../components/FormTextField';
import { selectors } from '../../selectors';
import {
  isPort,
  type MailValues,
  mailSettingsWith,
  mailValuesOf,
  SMTP_PROTOCOLS,
  serverSendsPassword,
  TLS_VERSIONS,
} from './mail-settings-values';

const S = selectors.mailSettings;
const row = { display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' } } as const;

/** /settings/outgoing-mail: SMTP settings, a test mail, and save. */
export function MailSettingsPage() {
  const { t } = useTranslation();
  const { http } = useServices();
  const settings = useQuery(mailSettingsQuery(http));
  if (settings.data) {
    return <MailSettingsForm settings={settings.data} />;
  }
  return settings.isError ? <Alert severity="error">{t('app.load-failed')}</Alert> : <PageLoading />;
}

function MailSettingsForm({ settings }: { settings: AdminSettings<MailSettings> }) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const loading = useIsLoading();
  const save = useSaveMailSettings();
  const testMail = useSendTestMail();
  const passwordWithheld = !serverSendsPassword(settings);
  const { control, handleSubmit, reset, formState, trigger, getValues } = useForm<MailValues>({
    defaultValues: mailValuesOf(settings),
    mode: 'onTouched',
  });
  // Read both flags on every render: react-hook-form only tracks the form-state fields a render reads.
  const { isDirty, isValid } = formState;
  const [enableTls, enableProxy, changePassword] = useWatch({
    control,
    name: ['enableTls', 'enableProxy', 'changePassword'],
  });

  const submit = handleSubmit((values) => {
    save.mutate(mailSettingsWith(settings, values), {
      onSuccess: (saved) => {
        reset(mailValuesOf(saved));
        toasts.show({ message: t('admin.settings-saved'), type: 'success' });
      },
    });
  });

  const sendTestMail = async () => {
    if (await trigger()) {
      testMail.mutate(mailSettingsWith(settings, getValues()), {
        onSuccess: () => toasts.show({ message: t('admin.test-mail-sent'), type: 'success' }),
      });
    }
  };

  const portRule = (message: string) => ({
    validate: (value: number | null) => (value === null ? message : isPort(value) || 'admin.port-invalid'),
  });

  return (
    <FormCard
      title={t('admin.outgoing-mail-settings')}
      onSubmit={submit}
      testId={S.page}
      actions={
        <>
          <Button
            onClick={() => void sendTestMail()}
            disabled={!isValid || loading || testMail.isPending}
            data-testid={S.sendTestMail}
          >
            {t('admin.send-test-mail')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!isDirty || !isValid || loading || save.isPending}
            data-testid={S.save}
          >
            {t('action.save')}
          </Button>
        </>
      }
    >
      <FormTextField
        control={control}
        name="mailFrom"
        rules={{ validate: (value) => value.trim().length > 0 || 'admin.mail-from-required' }}
        label={t('admin.mail-from')}
        required
        testId={S.mailFrom}
      />
      <Box sx={row}>
        <FormSelectField
          control={control}
          name="smtpProtocol"
          label={t('admin.smtp-protocol')}
          testId={S.smtpProtocol}
        >
          {SMTP_PROTOCOLS.map((protocol) => (
            <MenuItem key={protocol} value={protocol}>
              {protocol.toUpperCase()}
            </MenuItem>
          ))}
        </FormSelectField>
        <FormTextField
          control={control}
          name="smtpHost"
          rules={{ validate: (value) => value.trim().length > 0 || 'admin.smtp-host-required' }}
          label={t('admin.smtp-host')}
          required
          testId={S.smtpHost}
        />
      </Box>
      <Box sx={row}>
        <FormTextField
          control={control}
          name="smtpPort"
          numeric
          rules={portRule('admin.smtp-port-required')}
          label={t('admin.smtp-port')}
          required
          testId={S.smtpPort}
        />
        <FormTextField
          control={control}
          name="timeout"
          numeric
          rules={{
            validate: (value) =>
              value === null
                ? 'admin.timeout-required'
                : (Number.isInteger(value) && value >= 0) || 'admin.timeout-invalid',
          }}
          label={t('admin.timeout-msec')}
          required
          testId={S.timeout}
        />
      </Box>
      <FormCheckbox control={control} name="enableTls" label={t('admin.enable-tls')} testId={S.enableTls} />
      {enableTls && (
        <FormSelectField
          control={control}
          name="tlsVersion"
          label={t('admin.tls-version')}
          testId={S.tlsVersion}
        >
          {TLS_VERSIONS.map((version) => (
            <MenuItem key={version} value={version}>
              {version}
            </MenuItem>
          ))}
        </FormSelectField>
      )}
      <FormCheckbox
        control={control}
        name="enableProxy"
        label={t('admin.enable-proxy')}
        testId={S.enableProxy}
      />
      {enableProxy && (
        <>
          <Box sx={row}>
            <FormTextField
              control={control}
              name="proxyHost"
              rules={{ validate: (value) => value.trim().length > 0 || 'admin.proxy-host-required' }}
              label={t('admin.proxy-host')}
              required
              testId={S.proxyHost}
            />
            <FormTextField
              control={control}
              name="proxyPort"
              numeric
              rules={portRule('admin.proxy-port-required')}
              label={t('admin.proxy-port')}
              required
              testId={S.proxyPort}
            />
          </Box>
          <Box sx={row}>
            <FormTextField
              control={control}
              name="proxyUser"
              label={t('admin.proxy-user')}
              testId={S.proxyUser}
            />
            <FormPasswordField
              control={control}
              name="proxyPassword"
              label={t('admin.proxy-password')}
              autoComplete="new-password"
              testId={S.proxyPassword}
            />
          </Box>
        </>
      )}
      <Box sx={row}>
        <FormTextField
          control={control}
          name="username"
          label={t('admin.username')}
          autoComplete="off"
          testId={S.username}
        />
        <FormPasswordField
          control={control}
          name="password"
          label={t('admin.password')}
          autoComplete="new-password"
          disabled={passwordWithheld && !changePassword}
          testId={S.password}
        />
      </Box>
      {passwordWithheld && (
        <FormCheckbox
          control={control}
          name="changePassword"
          label={t('admin.change-password')}
          testId={S.changePassword}
        />
      )}
    </FormCard>
  );
}
