import type { DeviceProfile } from '@meridian/common';
import Box from '@mui/material/Box';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TENANT_DASHBOARDS } from '../../api/dashboards';
import { ProvisionFields } from '../../components/device-profile/ProvisionFields';
import { TransportConfigurationFields } from '../../components/device-profile/TransportConfigurationFields';
import type { TransportFormHost } from '../../components/device-profile/transport-values';
import { EntityNameField } from '../../components/entity-table/EntityNameField';
import { FormTextArea } from '../../components/entity-table/FormTextArea';
import type { EntityFormProps } from '../../components/entity-table/types';
import { selectors } from '../../selectors';
import { DashboardField } from '../dashboard/DashboardField';
import { DEVICE_PROFILE_NAME_MAX_LENGTH, type DeviceProfileValues } from './device-profile-values';

type Props = EntityFormProps<DeviceProfile, DeviceProfileValues>;

/** The profile form's transport and provisioning parts work on any form with those root fields. */
export function transportControl(control: Control<DeviceProfileValues>): Control<TransportFormHost> {
  return control as unknown as Control<TransportFormHost>;
}

/** Details of a device profile (reference console §3.7 "Form"): name, mobile dashboard, description. */
export function DeviceProfileDetailsFields({ form, editing }: Props) {
  const { t } = useTranslation();
  const { control } = form;
  return (
    <Box>
      <EntityNameField
        control={control}
        name="name"
        label={t('device-profile.name')}
        editing={editing}
        maxLength={DEVICE_PROFILE_NAME_MAX_LENGTH}
        messages={{ required: 'device-profile.name-required', maxLength: 'device-profile.name-max-length' }}
        testId={selectors.deviceProfiles.name}
      />
      <DashboardField
        control={control}
        name="defaultDashboardId"
        label={t('device-profile.mobile-dashboard')}
        scope={TENANT_DASHBOARDS}
        disabled={!editing}
      />
      <FormTextArea
        control={control}
        name="description"
        label={t('device-profile.description')}
        disabled={!editing}
        testId={selectors.deviceProfiles.description}
      />
    </Box>
  );
}

export function DeviceProfileTransportTab({ form, editing }: Props) {
  return <TransportConfigurationFields control={transportControl(form.control)} disabled={!editing} />;
}

export function DeviceProfileProvisionTab({ form, editing }: Props) {
  return <ProvisionFields control={transportControl(form.control)} disabled={!editing} />;
}
