import type { DeviceCredentialsType } from '@meridian/common';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import { type Control, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextArea } from '../../components/entity-table/FormTextArea';
import { FormPasswordField } from '../../components/FormPasswordField';
import { FormSelectField } from '../../components/FormSelectField';
import { FormTextField } from '../../components/FormTextField';
import { selectors } from '../../selectors';
import { type CredentialsValues, isJsonObjectText, mqttBasicProblems } from './credentials-values';

/** A form holding the credentials editor's values under `credentials`. */
export interface CredentialsHost {
  credentials: CredentialsValues;
}

export interface CredentialsFieldsProps {
  control: Control<CredentialsHost>;
  types: readonly DeviceCredentialsType[];
  disabled: boolean;
}

type Values = CredentialsHost;
const when =
  (type: DeviceCredentialsType, check: (value: string, values: Values) => true | string) =>
  (value: string, values: Values) =>
    values.credentials.credentialsType !== type || check(value, values);

/**
 * The device credentials editor (reference console §3.6 "Device credentials dialog"): the type
 * (limited to what the profile's transport allows) and its fields — access token; X.509 PEM
 * certificate; MQTT basic client id, user name and password (a client id or a user name needed).
 */
export function CredentialsFields({ control, types, disabled }: CredentialsFieldsProps) {
  const { t } = useTranslation();
  const type = useWatch({ control, name: 'credentials.credentialsType' });
  return (
    <Box>
      <FormSelectField
        control={control}
        name="credentials.credentialsType"
        label={t('device.credentials-type')}
        disabled={disabled}
        testId={selectors.credentials.type}
      >
        {types.map((item) => (
          <MenuItem key={item} value={item} data-testid={selectors.credentials.typeOption(item)}>
            {t(`device.credentials-types.${item}`)}
          </MenuItem>
        ))}
      </FormSelectField>
      {type === 'ACCESS_TOKEN' && (
        <FormTextField
          control={control}
          name="credentials.accessToken"
          label={t('device.access-token')}
          required
          disabled={disabled}
          rules={{
            validate: when('ACCESS_TOKEN', (value) =>
              value.trim().length === 0
                ? 'device.access-token-required'
                : /\s/.test(value.trim())
                  ? 'device.access-token-invalid'
                  : true,
            ),
          }}
          testId={selectors.credentials.accessToken}
        />
      )}
      {type === 'X509_CERTIFICATE' && (
        <FormTextArea
          control={control}
          name="credentials.certificate"
          label={t('device.certificate')}
          required
          code
          minRows={6}
          disabled={disabled}
          helperText={t('device.certificate-hint')}
          rules={{
            validate: when(
              'X509_CERTIFICATE',
              (value) => value.trim().length > 0 || 'device.certificate-required',
            ),
          }}
          testId={selectors.credentials.certificate}
        />
      )}
      {type === 'MQTT_BASIC' && (
        <>
          <FormTextField
            control={control}
            name="credentials.clientId"
            label={t('device.client-id')}
            disabled={disabled}
            rules={{
              deps: ['credentials.userName', 'credentials.password'],
              validate: when(
                'MQTT_BASIC',
                (_value, values) => mqttBasicProblems(values.credentials).clientId ?? true,
              ),
            }}
            testId={selectors.credentials.clientId}
          />
          <FormTextField
            control={control}
            name="credentials.userName"
            label={t('device.user-name')}
            disabled={disabled}
            rules={{ deps: ['credentials.clientId', 'credentials.password'] }}
            testId={selectors.credentials.userName}
          />
          <FormPasswordField
            control={control}
            name="credentials.password"
            label={t('device.password')}
            disabled={disabled}
            autoComplete="new-password"
            rules={{
              deps: ['credentials.clientId', 'credentials.userName'],
              validate: when(
                'MQTT_BASIC',
                (_value, values) => mqttBasicProblems(values.credentials).password ?? true,
              ),
            }}
            testId={selectors.credentials.password}
          />
        </>
      )}
      {type === 'LWM2M_CREDENTIALS' && (
        <>
          <FormTextField
            control={control}
            name="credentials.lwm2mEndpoint"
            label={t('device.lwm2m-endpoint')}
            required
            disabled={disabled}
            rules={{
              validate: when(
                'LWM2M_CREDENTIALS',
                (value) => value.trim().length > 0 || 'device.lwm2m-endpoint-required',
              ),
            }}
          />
          <FormTextArea
            control={control}
            name="credentials.lwm2mJson"
            label={t('device.lwm2m-security-config')}
            required
            code
            minRows={6}
            disabled={disabled}
            helperText={t('device.lwm2m-security-config-hint')}
            rules={{
              validate: when(
                'LWM2M_CREDENTIALS',
                (value) => isJsonObjectText(value) || 'device.lwm2m-security-config-invalid',
              ),
            }}
          />
        </>
      )}
    </Box>
  );
}
