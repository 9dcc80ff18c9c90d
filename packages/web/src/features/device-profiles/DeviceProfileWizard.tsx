import Box from '@mui/material/Box';
import { useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { saveDeviceProfile } from '../../api/device-profiles';
import { useServices } from '../../app/services/useServices';
import { WizardDialog } from '../../components/WizardDialog';
import { selectors } from '../../selectors';
import {
  DeviceProfileAlarmRulesTab,
  DeviceProfileDetailsFields,
  DeviceProfileProvisionTab,
  DeviceProfileTransportTab,
} from './DeviceProfileForm';
import {
  type DeviceProfileValues,
  deviceProfileOfValues,
  deviceProfileValuesOf,
} from './device-profile-values';

const STEPS = ['details', 'transport', 'alarms', 'provisioning'] as const;
const STEP_FIELDS = [
  ['name', 'description'],
  ['transportType', 'transport'],
  ['alarms'],
  ['provision'],
] as const;

function stepOfErrors(errors: FieldErrors<DeviceProfileValues>): number {
  if (errors.name || errors.description) {
    return 0;
  }
  if (errors.transport || errors.transportType) {
    return 1;
  }
  return errors.alarms ? 2 : 3;
}

/**
 * The "Create new device profile" wizard (reference console §3.7): details, transport configuration,
 * alarm rules and device provisioning steps; Add saves from any step once everything is valid.
 */
export function DeviceProfileWizard({ onClose, onAdded }: { onClose: () => void; onAdded: () => void }) {
  const { t } = useTranslation();
  const { http } = useServices();
  const [step, setStep] = useState(0);
  const [saving, setSaving] = useState(false);
  const form = useForm<DeviceProfileValues>({ defaultValues: deviceProfileValuesOf(null), mode: 'onChange' });
  const props = { form, entity: null, editing: true, isAdd: true };

  const next = async () => {
    if (await form.trigger([...(STEP_FIELDS[step] ?? [])])) {
      setStep((current) => Math.min(current + 1, STEPS.length - 1));
    }
  };
  const submit = form.handleSubmit(
    async (values) => {
      setSaving(true);
      try {
        await saveDeviceProfile(http, deviceProfileOfValues(values, null));
        onAdded();
      } catch {
        // Shown by the HTTP client.
      } finally {
        setSaving(false);
      }
    },
    (errors) => setStep(stepOfErrors(errors)),
  );

  const nextStep = STEPS[step + 1];
  return (
    <WizardDialog
      title={t('device-profile.add')}
      steps={STEPS.map((id) => ({ id, label: t(`device-profile.wizard.${id}`) }))}
      activeStep={step}
      onStep={setStep}
      nextLabel={
        nextStep === undefined
          ? null
          : t('device-profile.wizard.next', { step: t(`device-profile.wizard.${nextStep}`) })
      }
      onNext={() => void next()}
      onSubmit={submit}
      saving={saving}
      onClose={onClose}
      minHeight={360}
      testIds={{
        dialog: selectors.deviceProfiles.wizard,
        cancel: selectors.deviceProfiles.wizardCancel,
        next: selectors.deviceProfiles.wizardNext,
        add: selectors.deviceProfiles.wizardAdd,
      }}
    >
      <Box sx={{ display: step === 0 ? 'block' : 'none' }}>
        <DeviceProfileDetailsFields {...props} />
      </Box>
      <Box sx={{ display: step === 1 ? 'block' : 'none' }}>
        <DeviceProfileTransportTab {...props} />
      </Box>
      <Box sx={{ display: step === 2 ? 'block' : 'none' }}>
        <DeviceProfileAlarmRulesTab {...props} />
      </Box>
      <Box sx={{ display: step === 3 ? 'block' : 'none' }}>
        <DeviceProfileProvisionTab {...props} />
      </Box>
    </WizardDialog>
  );
}
