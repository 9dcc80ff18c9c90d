import type { DeviceProfile } from '@meridian/common';
import Box from '@mui/material/Box';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TENANT_DASHBOARDS } from '../../api/dashboards';
import { AlarmRulesEditor } from '../../components/device-profile/alarm-rules/AlarmRulesEditor';
import { AlarmRulesTabLabel } from '../../components/device-profile/alarm-rules/AlarmRulesTabLabel';
import type { AlarmRulesFormHost } from '../../components/device-profile/alarm-rules/alarm-rule-values';
import type { DashboardFieldRenderer } from '../../components/device-profile/alarm-rules/ConditionEditor';
import { ProvisionFields } from '../../components/device-profile/ProvisionFields';
import { TransportConfigurationFields } from '../../components/device-profile/TransportConfigurationFields';
import type { TransportFormHost } from '../../components/device-profile/transport-values';
import { EntityNameField } from '../../components/entity-table/EntityNameField';
import { FormTextArea } from '../../components/entity-table/FormTextArea';
import type { EntityFormProps } from '../../components/entity-table/types';
import { selectors } from '../../selectors';
import { DashboardField } from '../dashboard/DashboardField';
import { DEVICE_PROFILE_NAME_MAX_LENGTH, type DeviceProfileValues } from './device-profile-values';
import { RuleEngineFields } from './RuleEngineFields';

type Props = EntityFormProps<DeviceProfile, DeviceProfileValues>;

/** The profile form's transport and provisioning parts work on any form with those root fields. */
export function transportControl(control: Control<DeviceProfileValues>): Control<TransportFormHost> {
  return control as unknown as Control<TransportFormHost>;
}

/** The alarm rules editor works on any form with the `alarms` root field. */
export function alarmRulesControl(control: Control<DeviceProfileValues>): Control<AlarmRulesFormHost> {
  return control as unknown as Control<AlarmRulesFormHost>;
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
      <RuleEngineFields control={control} disabled={!editing} />
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

/** The mobile dashboard of an alarm rule: one of the tenant's dashboards. */
const alarmDashboardField: DashboardFieldRenderer = (props) => <AlarmDashboardField {...props} />;

function AlarmDashboardField(props: Parameters<DashboardFieldRenderer>[0]) {
  const { t } = useTranslation();
  return (
    <DashboardField
      control={props.control}
      name={props.name}
      label={t('device-profile.alarm-rules.mobile-dashboard')}
      scope={TENANT_DASHBOARDS}
      disabled={props.disabled}
    />
  );
}

export function DeviceProfileAlarmRulesTab({ form, editing }: Props) {
  return (
    <AlarmRulesEditor
      control={alarmRulesControl(form.control)}
      disabled={!editing}
      dashboardField={alarmDashboardField}
    />
  );
}

/** "Alarm rules (N)", counting the alarms in the form. */
export function DeviceProfileAlarmRulesTabLabel({ form }: Props) {
  return <AlarmRulesTabLabel control={alarmRulesControl(form.control)} />;
}
