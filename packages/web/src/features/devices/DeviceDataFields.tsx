import {
  SNMP_AUTHENTICATION_PROTOCOLS,
  SNMP_PRIVACY_PROTOCOLS,
  SNMP_PROTOCOL_VERSIONS,
} from '@meridian/common';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type Control, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PowerModeFields } from '../../components/device-profile/PowerModeFields';
import { FormPasswordField } from '../../components/FormPasswordField';
import { FormSelectField } from '../../components/FormSelectField';
import { FormTextField } from '../../components/FormTextField';
import { formRow } from '../../components/form-row';
import type { DeviceValues } from './device-values';

/** The SNMP v3 protections: authentication and privacy, each a protocol and its passphrase. */
const V3_PROTECTIONS = [
  {
    protocol: 'authenticationProtocol',
    protocols: SNMP_AUTHENTICATION_PROTOCOLS,
    protocolLabel: 'device.snmp.authentication-protocol',
    passphrase: 'authenticationPassphrase',
    passphraseLabel: 'device.snmp.authentication-passphrase',
  },
  {
    protocol: 'privacyProtocol',
    protocols: SNMP_PRIVACY_PROTOCOLS,
    protocolLabel: 'device.snmp.privacy-protocol',
    passphrase: 'privacyPassphrase',
    passphraseLabel: 'device.snmp.privacy-passphrase',
  },
] as const;

/**
 * Device-level transport settings (reference console §3.6 "device data"): none for Default and
 * MQTT, the power-saving mode for CoAP and LwM2M, the connection settings for SNMP.
 */
export function DeviceDataFields({
  control,
  disabled,
}: {
  control: Control<DeviceValues>;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const profile = useWatch({ control, name: 'deviceProfile' });
  const version = useWatch({ control, name: 'deviceData.snmp.protocolVersion' });
  const transportType = profile?.transportType ?? 'DEFAULT';
  if (transportType === 'DEFAULT' || transportType === 'MQTT') {
    return null;
  }
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2">{t('device.transport-settings')}</Typography>
      {(transportType === 'COAP' || transportType === 'LWM2M') && (
        <PowerModeFields control={control} prefix="deviceData" disabled={disabled} allowUnset />
      )}
      {transportType === 'SNMP' && (
        <>
          <Box sx={formRow}>
            <FormTextField
              control={control}
              name="deviceData.snmp.host"
              label={t('device.snmp.host')}
              required
              disabled={disabled}
              rules={{ validate: (value: string) => value.trim().length > 0 || 'device.snmp.host-required' }}
            />
            <FormTextField
              control={control}
              name="deviceData.snmp.port"
              numeric
              label={t('device.snmp.port')}
              required
              disabled={disabled}
              rules={{
                validate: (value: number | null) =>
                  (value !== null && Number.isInteger(value) && value >= 0 && value <= 65535) ||
                  'device.snmp.port-invalid',
              }}
            />
          </Box>
          <FormSelectField
            control={control}
            name="deviceData.snmp.protocolVersion"
            label={t('device.snmp.protocol-version')}
            disabled={disabled}
            options={SNMP_PROTOCOL_VERSIONS}
            optionLabel={(item) => t(`device.snmp.versions.${item}`)}
          />
          {version !== 'V3' ? (
            <FormTextField
              control={control}
              name="deviceData.snmp.community"
              label={t('device.snmp.community')}
              required
              disabled={disabled}
              rules={{
                validate: (value: string, values: DeviceValues) =>
                  values.deviceData.snmp.protocolVersion === 'V3' ||
                  value.trim().length > 0 ||
                  'device.snmp.community-required',
              }}
            />
          ) : (
            <>
              <Box sx={formRow}>
                <FormTextField
                  control={control}
                  name="deviceData.snmp.username"
                  label={t('device.snmp.username')}
                  disabled={disabled}
                />
                <FormTextField
                  control={control}
                  name="deviceData.snmp.securityName"
                  label={t('device.snmp.security-name')}
                  disabled={disabled}
                />
              </Box>
              <Box sx={formRow}>
                <FormTextField
                  control={control}
                  name="deviceData.snmp.contextName"
                  label={t('device.snmp.context-name')}
                  disabled={disabled}
                />
                <FormTextField
                  control={control}
                  name="deviceData.snmp.engineId"
                  label={t('device.snmp.engine-id')}
                  disabled={disabled}
                />
              </Box>
              {V3_PROTECTIONS.map((protection) => (
                <Box key={protection.protocol} sx={formRow}>
                  <FormSelectField
                    control={control}
                    name={`deviceData.snmp.${protection.protocol}`}
                    label={t(protection.protocolLabel)}
                    disabled={disabled}
                    options={protection.protocols}
                    optionLabel={(item) => item.replace('_', '-')}
                  />
                  <FormPasswordField
                    control={control}
                    name={`deviceData.snmp.${protection.passphrase}`}
                    label={t(protection.passphraseLabel)}
                    disabled={disabled}
                    autoComplete="new-password"
                  />
                </Box>
              ))}
            </>
          )}
        </>
      )}
    </Box>
  );
}
