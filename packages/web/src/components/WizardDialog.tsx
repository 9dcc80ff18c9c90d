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
import { type FormEventHandler, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm } from './entity-table/DialogForm';

export interface WizardStep {
  id: string;
  /** Translated step name. */
  label: string;
  testId?: string;
}

export interface WizardDialogTestIds {
  dialog: string;
  back?: string;
  cancel: string;
  next: string;
  add: string;
}

export interface WizardDialogProps {
  title: string;
  steps: readonly WizardStep[];
  activeStep: number;
  /** A step was clicked in the stepper, or Back was pressed. */
  onStep: (index: number) => void;
  /** Label of Next ("Next: Transport configuration"); no Next on the last step. */
  nextLabel: string | null;
  onNext: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  onClose: () => void;
  /** Least height of the content, so that the dialog does not jump between steps. */
  minHeight: number;
  testIds: WizardDialogTestIds;
  /** Every step's content; the caller hides all but the active one (keeping their form fields). */
  children: ReactNode;
}

/**
 * The frame of the Add wizards (reference console §3.6, §3.7): a non-linear stepper over the steps'
 * content, Back, Cancel, Next and Add, full screen on narrow screens. Add submits from any step.
 */
export function WizardDialog({
  title,
  steps,
  activeStep,
  onStep,
  nextLabel,
  onNext,
  onSubmit,
  saving,
  onClose,
  minHeight,
  testIds,
  children,
}: WizardDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = !useMediaQuery(theme.breakpoints.up('md'));
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      data-testid={testIds.dialog}
    >
      <DialogForm onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent dividers sx={{ minHeight }}>
          <Stepper nonLinear activeStep={activeStep} alternativeLabel sx={{ mb: 2 }}>
            {steps.map((step, index) => (
              <Step key={step.id}>
                <StepButton onClick={() => onStep(index)} data-testid={step.testId}>
                  {step.label}
                </StepButton>
              </Step>
            ))}
          </Stepper>
          {children}
        </DialogContent>
        <DialogActions>
          {activeStep > 0 && (
            <Button onClick={() => onStep(activeStep - 1)} data-testid={testIds.back}>
              {t('action.back')}
            </Button>
          )}
          <Box sx={{ flex: 1 }} />
          <Button onClick={onClose} data-testid={testIds.cancel}>
            {t('action.cancel')}
          </Button>
          {nextLabel !== null && (
            <Button variant="outlined" onClick={onNext} data-testid={testIds.next}>
              {nextLabel}
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={saving} data-testid={testIds.add}>
            {t('action.add')}
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
