import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectors } from '../../selectors';
import { DialogForm } from './DialogForm';
import { EntityAutocomplete, type PickerOption } from './EntityAutocomplete';

export interface AssignToCustomerDialogProps {
  title: string;
  /** Text above the picker, e.g. "Select the customer to assign the devices to". */
  text: string;
  customerQueryKey: readonly unknown[];
  searchCustomers: (text: string, signal: AbortSignal) => Promise<PickerOption[]>;
  /** Assigns to the chosen customer; the dialog closes when it resolves. */
  onAssign: (customer: PickerOption) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Assign to customer (reference console §4.7): a required customer autocomplete, Cancel and
 * Assign. Used for one entity and for a selection.
 */
export function AssignToCustomerDialog({
  title,
  text,
  customerQueryKey,
  searchCustomers,
  onAssign,
  onClose,
}: AssignToCustomerDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [customer, setCustomer] = useState<PickerOption | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!customer) {
      return;
    }
    setBusy(true);
    try {
      await onAssign(customer);
      onClose();
    } catch {
      // Shown by the HTTP client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      data-testid={selectors.assignDialog.root}
    >
      <DialogForm onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText>{text}</DialogContentText>
          <EntityAutocomplete
            label={t('customer.customer')}
            value={customer}
            onChange={setCustomer}
            queryKey={customerQueryKey}
            search={searchCustomers}
            required
            autoFocus
            noOptionsText={(search) =>
              search ? t('customer.no-customers-matching', { text: search }) : t('customer.no-customers-text')
            }
            testId={selectors.assignDialog.customer}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid={selectors.assignDialog.cancel}>
            {t('action.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!customer || busy}
            data-testid={selectors.assignDialog.submit}
          >
            {t('action.assign')}
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
