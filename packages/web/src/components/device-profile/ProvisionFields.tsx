import { DEVICE_PROVISION_TYPES, randomAlphanumeric } from '@meridian/common';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
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
      >
        {DEVICE_PROVISION_TYPES.map((item) => (
          <MenuItem key={item} value={item}>
            {t(`device-profile.provision-types.${item}`)}
          </MenuItem>
        ))}
      </FormSelectField>
      <Typography variant="body2" color="text.secondary">
        {t(`device-profile.provision-type-hints.${type}`)}
      </Typography>
      {enabled && (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <FormTextField
              control={control}
              name="provision.provisionDeviceKey"
              label={t('device-profile.provision-device-key')}
              required
              disabled={disabled}
              rules={{ validate: required('device-profile.provision-device-key-required') }}
              testId="provision-device-key"
            />
            <CopyButton text={key.field.value} label={t('device-profile.copy-provision-key')} />
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <FormTextField
              control={control}
              name="provision.provisionDeviceSecret"
              label={t('device-profile.provision-device-secret')}
              required
              disabled={disabled}
              rules={{ validate: required('device-profile.provision-device-secret-required') }}
              testId="provision-device-secret"
            />
            <CopyButton text={secret.field.value} label={t('device-profile.copy-provision-secret')} />
          </Box>
        </>
      )}
    </Box>
  );
}
