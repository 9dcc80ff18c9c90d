import DialogContentText from '@mui/material/DialogContentText';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectors } from '../../selectors';
import { AssignDialog } from './AssignDialog';
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
  const [customer, setCustomer] = useState<PickerOption | null>(null);
  return (
    <AssignDialog
      title={title}
      picked={customer !== null}
      onAssign={async () => {
        if (customer) await onAssign(customer);
      }}
      onClose={onClose}
    >
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
    </AssignDialog>
  );
}
