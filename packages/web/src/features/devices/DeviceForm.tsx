import type { DeviceInfo } from '@meridian/common';
import Box from '@mui/material/Box';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EntityNameField } from '../../components/entity-table/EntityNameField';
import { FormTextArea } from '../../components/entity-table/FormTextArea';
import type { EntityFormProps } from '../../components/entity-table/types';
import { FormCheckbox } from '../../components/FormCheckbox';
import { FormTextField } from '../../components/FormTextField';
import { requiredTextRule } from '../../components/form-rules';
import { selectors } from '../../selectors';
import { DeviceDataFields } from './DeviceDataFields';
import { DeviceProfileField } from './DeviceProfileField';
import { DEVICE_NAME_MAX_LENGTH, type DeviceValues } from './device-values';

export const nameRule = (requiredKey: string, maxKey: string) =>
  requiredTextRule(requiredKey, maxKey, DEVICE_NAME_MAX_LENGTH);
export const labelRule = (value: string) =>
  value.length <= DEVICE_NAME_MAX_LENGTH || 'entity.label-max-length';

/**
 * The device form (reference console §3.6 "Form"): name, device profile, label, gateway flags,
 * description and the device-level transport settings.
 */
export function DeviceForm({ form, editing }: EntityFormProps<DeviceInfo, DeviceValues>) {
  const { t } = useTranslation();
  const { control } = form;
  const disabled = !editing;
  const gateway = useWatch({ control, name: 'gateway' });
  return (
    <Box>
      <EntityNameField
        control={control}
        name="name"
        label={t('device.name')}
        editing={editing}
        maxLength={DEVICE_NAME_MAX_LENGTH}
        messages={{ required: 'device.name-required', maxLength: 'device.name-max-length' }}
        testId={selectors.devices.name}
      />
      <DeviceProfileField
        control={control}
        name="deviceProfile"
        disabled={disabled}
        testId={selectors.devices.deviceProfile}
      />
      <FormTextField
        control={control}
        name="label"
        label={t('device.label')}
        disabled={disabled}
        rules={{ validate: labelRule }}
        testId={selectors.devices.label}
      />
      <FormCheckbox
        control={control}
        name="gateway"
        label={t('device.is-gateway')}
        disabled={disabled}
        testId={selectors.devices.gateway}
      />
      {gateway && (
        <FormCheckbox
          control={control}
          name="overwriteActivityTime"
          label={t('device.overwrite-activity-time')}
          disabled={disabled}
        />
      )}
      <FormTextArea
        control={control}
        name="description"
        label={t('device.description')}
        disabled={disabled}
        testId={selectors.devices.description}
      />
      <DeviceDataFields control={control} disabled={disabled} />
    </Box>
  );
}
