import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { saveDeviceProfile } from '../../api/device-profiles';
import { useServices } from '../../app/services/useServices';
import { DialogForm } from '../../components/entity-table/DialogForm';
import { selectors } from '../../selectors';
import {
  DeviceProfileDetailsFields,
  DeviceProfileProvisionTab,
  DeviceProfileTransportTab,
} from './DeviceProfileForm';
import {
  type DeviceProfileValues,
  deviceProfileOfValues,
  deviceProfileValuesOf,
} from './device-profile-values';

const STEPS = ['details', 'transport', 'provisioning'] as const;
const STEP_FIELDS = [['name', 'description'], ['transportType', 'transport'], ['provision']] as const;

function stepOfErrors(errors: FieldErrors<DeviceProfileValues>): number {
  if (errors.name || errors.description) {
    return 0;
  }
  return errors.transport || errors.transportType ? 1 : 2;
}

/**
 * The "Create new device profile" wizard (reference console §3.7): details, transport configuration
 * and device provisioning steps; Add saves from any step once everything is valid.
 */
export function DeviceProfileWizard({ onClose, onAdded }: { onClose: () => void; onAdded: () => void }) {
  const { t } = useTranslation();
  const { http } = useServices();
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = !useMediaQuery(theme.breakpoints.up('md'));
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

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      data-testid={selectors.deviceProfiles.wizard}
    >
      <DialogForm onSubmit={submit}>
        <DialogTitle id={titleId}>{t('device-profile.add')}</DialogTitle>
        <DialogContent dividers sx={{ minHeight: 360 }}>
          <Stepper nonLinear activeStep={step} sx={{ mb: 2 }} alternativeLabel>
            {STEPS.map((item, index) => (
              <Step key={item}>
                <StepButton onClick={() => setStep(index)}>{t(`device-profile.wizard.${item}`)}</StepButton>
              </Step>
            ))}
          </Stepper>
          <Box sx={{ display: step === 0 ? 'block' : 'none' }}>
            <DeviceProfileDetailsFields {...props} />
          </Box>
          <Box sx={{ display: step === 1 ? 'block' : 'none' }}>
            <DeviceProfileTransportTab {...props} />
          </Box>
          <Box sx={{ display: step === 2 ? 'block' : 'none' }}>
            <DeviceProfileProvisionTab {...props} />
          </Box>
        </DialogContent>
        <DialogActions>
          {step > 0 && <Button onClick={() => setStep(step - 1)}>{t('action.back')}</Button>}
          <Box sx={{ flex: 1 }} />
          <Button onClick={onClose} data-testid={selectors.deviceProfiles.wizardCancel}>
            {t('action.cancel')}
          </Button>
          {step < STEPS.length - 1 && (
            <Button
              variant="outlined"
              onClick={() => void next()}
              data-testid={selectors.deviceProfiles.wizardNext}
            >
              {t('device-profile.wizard.next', { step: t(`device-profile.wizard.${STEPS[step + 1]}`) })}
            </Button>
          )}
          <Button
            type="submit"
            variant="contained"
            disabled={saving}
            data-testid={selectors.deviceProfiles.wizardAdd}
          >
            {t('action.add')}
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
