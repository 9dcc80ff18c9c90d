import DialogContentText from '@mui/material/DialogContentText';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerKeys, findAssignableCustomers } from '../../api/customers';
import { useServices } from '../../app/services/useServices';
import { AssignDialog } from '../../components/entity-table/AssignDialog';
import { EntityMultiAutocomplete, type PickerOption } from '../../components/entity-table/EntityAutocomplete';
import { selectors } from '../../selectors';

export interface DashboardCustomersDialogProps {
  title: string;
  text: string;
  submitLabel: string;
  /** The customers chosen when the dialog opens (a dashboard's current customers). */
  initial?: PickerOption[];
  /** Submitting with no customer chosen is allowed (it unassigns every customer). */
  allowNone?: boolean;
  /** Acts on the chosen customers; the dialog closes when it resolves and stays open when it fails. */
  onSubmit: (customers: PickerOption[]) => Promise<unknown>;
  onClose: () => void;
}

/**
 * A dashboard has many customers (reference console §3.12): this dialog picks several of them, to
 * set a dashboard's customers or to assign or unassign a selection of dashboards. The public
 * customer is not offered; public access goes through "Make public".
 */
export function DashboardCustomersDialog({
  title,
  text,
  submitLabel,
  initial = [],
  allowNone = false,
  onSubmit,
  onClose,
}: DashboardCustomersDialogProps) {
  const { t } = useTranslation();
  const { http } = useServices();
  const [customers, setCustomers] = useState<PickerOption[]>(initial);
  return (
    <AssignDialog
      title={title}
      picked={allowNone || customers.length > 0}
      onAssign={() => onSubmit(customers)}
      onClose={onClose}
      submitLabel={submitLabel}
      testIds={{
        dialog: selectors.dashboards.customersDialog,
        cancel: selectors.dashboards.customersCancel,
        submit: selectors.dashboards.customersSubmit,
      }}
    >
      <DialogContentText>{text}</DialogContentText>
      <EntityMultiAutocomplete
        label={t('customer.customers')}
        value={customers}
        onChange={setCustomers}
        queryKey={[...customerKeys.all, 'assignable']}
        search={(search, signal) =>
          findAssignableCustomers(http, search, signal).then((list) =>
            list.map((customer) => ({ id: customer.id.id, label: customer.title })),
          )
        }
        noOptionsText={(search) =>
          search ? t('customer.no-customers-matching', { text: search }) : t('customer.no-customers-text')
        }
        required={!allowNone}
        autoFocus
        testId={selectors.dashboards.customers}
      />
    </AssignDialog>
  );
}
