import { DEVICE_PROVISION_TYPES, randomAlphanumeric } from '@meridian/common';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { type Control, useController, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../entity-table/CopyButton';
import { FormSelectField } from '../FormSelectField';
import { FormTextField } from '../FormTextField';
import type { TransportFormHost } from './transport-values';

/** Length of a generated provision key or secret. */
export const PROVISION_CREDENTIAL_LENGTH = 20;

function secureIndex(n: number): number {
  const buffer = new Uint32Array(1);
  crypto.getRandomValues(buffer);
  return (buffer[0] ?? 0) % n;
}

export function generateProvisionCredential(): string {
  return randomAlphanumeric(PROVISION_CREDENTIAL_LENGTH, secureIndex);
}

const required = (key: string) => (value: string, values: TransportFormHost) =>
  values.provision.type === 'DISABLED' || value.trim().length > 0 || key;

/**
 * Device provisioning of a profile (reference console §3.7): the strategy and, unless disabled, the
 * provision device key and secret devices present (generated when first enabled, with copy buttons).
 */
export function ProvisionFields({
  control,
  disabled,
}: {
  control: Control<TransportFormHost>;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const type = useWatch({ control, name: 'provision.type' });
  const key = useController({ control, name: 'provision.provisionDeviceKey' });
  const secret = useController({ control, name: 'provision.provisionDeviceSecret' });
  const enabled = type !== 'DISABLED';
  // The key and the secret devices present, each with a copy button.
  const credentials = [
    {
      name: 'provision.provisionDeviceKey',
      value: key.field.value,
      label: 'device-profile.provision-device-key',
      missing: 'device-profile.provision-device-key-required',
      copyLabel: 'device-profile.copy-provision-key',
      testId: 'provision-device-key',
    },
    {
      name: 'provision.provisionDeviceSecret',
      value: secret.field.value,
      label: 'device-profile.provision-device-secret',
      missing: 'device-profile.provision-device-secret-required',
      copyLabel: 'device-profile.copy-provision-secret',
      testId: 'provision-device-secret',
    },
  ] as const;

  useEffect(() => {
    if (enabled && !disabled) {
      if (!key.field.value) {
        key.field.onChange(generateProvisionCredential());
      }
      if (!secret.field.value) {
        secret.field.onChange(generateProvisionCredential());
      }
    }
  }, [enabled, disabled, key.field, secret.field]);

  return (
    <Box>
      <FormSelectField
        control={control}
        name="provision.type"
        label={t('device-profile.provision-strategy')}
        disabled={disabled}
        testId="provision-strategy"
        options={DEVICE_PROVISION_TYPES}
        optionLabel={(item) => t(`device-profile.provision-types.${item}`)}
      />
      <Typography variant="body2" color="text.secondary">
        {t(`device-profile.provision-type-hints.${type}`)}
      </Typography>
      {enabled &&
        credentials.map(({ name, value, label, missing, copyLabel, testId }) => (
          <Box key={testId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <FormTextField
              control={control}
              name={name}
              label={t(label)}
              required
              disabled={disabled}
              rules={{ validate: required(missing) }}
              testId={testId}
            />
            <CopyButton text={value} label={t(copyLabel)} />
          </Box>
        ))}
    </Box>
  );
}
