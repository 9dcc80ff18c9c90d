import {
  createDefaultDeviceData,
  createDefaultDeviceProfileData,
  type DeviceTransportType,
} from '@meridian/common';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type Control, Controller, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { customerKeys, findAssignableCustomers } from '../../api/customers';
import { defaultDeviceProfileInfoQuery, saveDeviceProfile } from '../../api/device-profiles';
import { assignDeviceToCustomer, saveDevice, saveDeviceWithCredentials } from '../../api/devices';
import { useServices } from '../../app/services/useServices';
import { ProvisionFields } from '../../components/device-profile/ProvisionFields';
import { TransportConfigurationFields } from '../../components/device-profile/TransportConfigurationFields';
import {
  provisionOf,
  provisionValuesOf,
  type TransportFormHost,
  transportConfigurationOf,
  transportValuesOf,
} from '../../components/device-profile/transport-values';
import { EntityAutocomplete, type PickerOption } from '../../components/entity-table/EntityAutocomplete';
import { FormTextArea } from '../../components/entity-table/FormTextArea';
import { FormCheckbox } from '../../components/FormCheckbox';
import { FormTextField } from '../../components/FormTextField';
import { WizardDialog } from '../../components/WizardDialog';
import { selectors } from '../../selectors';
import { CredentialsFields, type CredentialsHost } from './CredentialsFields';
import { allowedCredentialsTypes, credentialsOf, credentialsValuesOf } from './credentials-values';
import { labelRule, nameRule } from './DeviceForm';
import { DeviceProfileField } from './DeviceProfileField';
import type { ProfileOption } from './device-values';

/** Values of the "Add new device" wizard (reference console §3.6 "Device wizard"). */
export interface DeviceWizardValues extends TransportFormHost, CredentialsHost {
  name: string;
  label: string;
  profileMode: 'existing' | 'new';
  deviceProfile: ProfileOption | null;
  newProfileName: string;
  gateway: boolean;
  overwriteActivityTime: boolean;
  description: string;
  addCredentials: boolean;
  customer: PickerOption | null;
}

type StepId = 'details' | 'transport' | 'provisioning' | 'credentials' | 'customer';
const STEP_FIELDS: Record<StepId, FieldPath<DeviceWizardValues>[]> = {
  details: ['name', 'label', 'deviceProfile', 'newProfileName'],
  transport: ['transportType', 'transport'],
  provisioning: ['provision'],
  credentials: ['credentials'],
  customer: ['customer'],
};

function initialValues(): DeviceWizardValues {
  return {
    name: '',
    label: '',
    profileMode: 'existing',
    deviceProfile: null,
    newProfileName: '',
    gateway: false,
    overwriteActivityTime: false,
    description: '',
    transportType: 'DEFAULT',
    transport: transportValuesOf(null),
    provision: provisionValuesOf(null),
    addCredentials: false,
    credentials: credentialsValuesOf(null),
    customer: null,
  };
}

/** Chooses the first allowed credentials type whenever the chosen one does not fit the transport. */
function useAllowedCredentials(
  control: Control<DeviceWizardValues>,
  setType: (type: ReturnType<typeof allowedCredentialsTypes>[number]) => void,
) {
  const [mode, profile, transportType, credentialsType] = useWatch({
    control,
    name: ['profileMode', 'deviceProfile', 'transportType', 'credentials.credentialsType'],
  });
  const transport: DeviceTransportType =
    mode === 'new' ? transportType : (profile?.transportType ?? 'DEFAULT');
  const types = allowedCredentialsTypes(transport);
  const first = types[0];
  useEffect(() => {
    if (first && !types.includes(credentialsType)) {
      setType(first);
    }
  }, [types, first, credentialsType, setType]);
  return { transport, types };
}

/**
 * The "Add new device" wizard: device details with an existing or a new device profile, the new
 * profile's transport configuration and provisioning, optional credentials, optional customer.
 */
export function DeviceWizard({ onClose, onAdded }: { onClose: () => void; onAdded: () => void }) {
  const { t } = useTranslation();
  const { http } = useServices();
  const [step, setStep] = useState(0);
  const [saving, setSaving] = useState(false);
  const form = useForm<DeviceWizardValues>({ defaultValues: initialValues(), mode: 'onChange' });
  const { control, setValue } = form;
  const [mode, addCredentials, gateway] = useWatch({
    control,
    name: ['profileMode', 'addCredentials', 'gateway'],
  });
  const { transport, types } = useAllowedCredentials(control, (type) =>
    setValue('credentials.credentialsType', type),
  );

  // The tenant's default profile is preselected.
  const defaultProfile = useQuery(defaultDeviceProfileInfoQuery(http));
  useEffect(() => {
    const info = defaultProfile.data;
    if (info && form.getValues('deviceProfile') === null) {
      setValue('deviceProfile', { id: info.id.id, label: info.name, transportType: info.transportType });
    }
  }, [defaultProfile.data, form, setValue]);

  const steps: StepId[] = [
    'details',
    ...(mode === 'new' ? (['transport', 'provisioning'] as const) : []),
    'credentials',
    'customer',
  ];
  const current = steps[Math.min(step, steps.length - 1)] ?? 'details';
  const hostControl = control as unknown as Control<TransportFormHost>;
  const credentialsControl = control as unknown as Control<CredentialsHost>;

  const next = async () => {
    if (await form.trigger(STEP_FIELDS[current])) {
      setStep((index) => Math.min(index + 1, steps.length - 1));
    }
  };

  const submit = form.handleSubmit(
    async (values) => {
      setSaving(true);
      try {
        let profileId: string;
        let profileName: string;
        let transportType: DeviceTransportType;
        if (values.profileMode === 'new') {
          const { provisionConfiguration, ...provision } = provisionOf(values.provision);
          const profile = await saveDeviceProfile(http, {
            name: values.newProfileName.trim(),
            type: 'DEFAULT',
            transportType: values.transportType,
            ...provision,
            profileData: {
              ...createDefaultDeviceProfileData(values.transportType),
              transportConfiguration: transportConfigurationOf(values.transportType, values.transport),
              provisionConfiguration,
            },
          });
          profileId = profile.id.id;
          profileName = profile.name;
          transportType = profile.transportType;
        } else {
          const option = values.deviceProfile as ProfileOption;
          profileId = option.id;
          profileName = option.label;
          transportType = option.transportType;
        }
        const label = values.label.trim();
        const device = {
          name: values.name.trim(),
          label: label.length > 0 ? label : null,
          type: profileName,
          deviceProfileId: { entityType: 'DEVICE_PROFILE' as const, id: profileId },
          deviceData: createDefaultDeviceData(transportType),
          additionalInfo: {
            gateway: values.gateway,
            overwriteActivityTime: values.gateway && values.overwriteActivityTime,
            description: values.description,
          },
        };
        const saved = values.addCredentials
          ? await saveDeviceWithCredentials(http, { device, credentials: credentialsOf(values.credentials) })
          : await saveDevice(http, device);
        if (values.customer) {
          await assignDeviceToCustomer(http, values.customer.id, saved.id.id);
        }
        onAdded();
      } catch {
        // Shown by the HTTP client; the wizard stays open.
      } finally {
        setSaving(false);
      }
    },
    (errors) => {
      const failed = (name: string) => errors[name.split('.')[0] as keyof typeof errors] !== undefined;
      const index = steps.findIndex((id) => STEP_FIELDS[id].some(failed));
      if (index >= 0) {
        setStep(index);
      }
    },
  );

  const show = (id: StepId) => ({ display: current === id ? 'block' : 'none' });
  const nextStep = steps[steps.indexOf(current) + 1];

  return (
    <WizardDialog
      title={t('device.add-device')}
      steps={steps.map((id) => ({
        id,
        label: t(`device.wizard.${id}`),
        testId: selectors.deviceWizard.step(id),
      }))}
      activeStep={steps.indexOf(current)}
      onStep={setStep}
      nextLabel={nextStep ? t('device.wizard.next', { step: t(`device.wizard.${nextStep}`) }) : null}
      onNext={() => void next()}
      onSubmit={submit}
      saving={saving}
      onClose={onClose}
      minHeight={420}
      testIds={{
        dialog: selectors.deviceWizard.dialog,
        back: selectors.deviceWizard.back,
        cancel: selectors.deviceWizard.cancel,
        next: selectors.deviceWizard.next,
        add: selectors.deviceWizard.add,
      }}
    >
      <Box sx={show('details')}>
        <FormTextField
          control={control}
          name="name"
          label={t('device.name')}
          required
          autoFocus
          rules={{ validate: nameRule('device.name-required', 'device.name-max-length') }}
          testId={selectors.deviceWizard.name}
        />
        <FormTextField
          control={control}
          name="label"
          label={t('device.label')}
          rules={{ validate: labelRule }}
          testId={selectors.deviceWizard.label}
        />
        <Controller
          control={control}
          name="profileMode"
          render={({ field }) => (
            <RadioGroup row value={field.value} onChange={(_event, value) => field.onChange(value)}>
              <FormControlLabel
                value="existing"
                control={
                  <Radio
                    slotProps={{
                      input: { 'data-testid': selectors.deviceWizard.existingProfile } as object,
                    }}
                  />
                }
                label={t('device.wizard.existing-profile')}
              />
              <FormControlLabel
                value="new"
                control={
                  <Radio
                    slotProps={{ input: { 'data-testid': selectors.deviceWizard.newProfile } as object }}
                  />
                }
                label={t('device.wizard.new-profile')}
              />
            </RadioGroup>
          )}
        />
        {mode === 'existing' ? (
          <DeviceProfileField
            control={control}
            name="deviceProfile"
            disabled={false}
            testId={selectors.deviceWizard.deviceProfile}
          />
        ) : (
          <FormTextField
            control={control}
            name="newProfileName"
            label={t('device.wizard.new-profile-name')}
            required
            rules={{
              validate: nameRule('device-profile.name-required', 'device-profile.name-max-length'),
            }}
            testId={selectors.deviceWizard.newProfileName}
          />
        )}
        <FormCheckbox
          control={control}
          name="gateway"
          label={t('device.is-gateway')}
          testId={selectors.deviceWizard.gateway}
        />
        {gateway && (
          <FormCheckbox
            control={control}
            name="overwriteActivityTime"
            label={t('device.overwrite-activity-time')}
          />
        )}
        <FormTextArea
          control={control}
          name="description"
          label={t('device.description')}
          testId={selectors.deviceWizard.description}
        />
      </Box>
      {mode === 'new' && (
        <>
          <Box sx={show('transport')}>
            <TransportConfigurationFields control={hostControl} disabled={false} />
          </Box>
          <Box sx={show('provisioning')}>
            <ProvisionFields control={hostControl} disabled={false} />
          </Box>
        </>
      )}
      <Box sx={show('credentials')}>
        <FormCheckbox
          control={control}
          name="addCredentials"
          label={t('device.wizard.add-credentials')}
          testId={selectors.deviceWizard.addCredentials}
        />
        {addCredentials && <CredentialsFields control={credentialsControl} types={types} disabled={false} />}
        {!addCredentials && (
          <Box sx={{ color: 'text.secondary', typography: 'body2' }}>
            {t('device.wizard.generated-token-hint', {
              transport: t(`device-profile.transport-types.${transport}`),
            })}
          </Box>
        )}
      </Box>
      <Box sx={show('customer')}>
        <Controller
          control={control}
          name="customer"
          render={({ field }) => (
            <EntityAutocomplete
              label={t('device.wizard.assign-to-customer')}
              value={field.value}
              onChange={field.onChange}
              queryKey={[...customerKeys.all, 'assignable']}
              search={(text, signal) =>
                findAssignableCustomers(http, text, signal).then((list) =>
                  list.map((c) => ({ id: c.id.id, label: c.title })),
                )
              }
              noOptionsText={(text) =>
                text ? t('customer.no-customers-matching', { text }) : t('customer.no-customers-text')
              }
              testId={selectors.deviceWizard.customer}
            />
          )}
        />
      </Box>
    </WizardDialog>
  );
}
