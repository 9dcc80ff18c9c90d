import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectors } from '../../selectors';
import { DialogForm } from './DialogForm';
import { EntityMultiAutocomplete, type PickerOption } from './EntityAutocomplete';

export interface AddEntitiesDialogProps {
  title: string;
  label: string;
  queryKey: readonly unknown[];
  search: (text: string, signal: AbortSignal) => Promise<PickerOption[]>;
  noOptionsText: (text: string) => string;
  /** Adds the chosen entities; the dialog closes when it resolves. */
  onAdd: (entities: PickerOption[]) => Promise<unknown>;
  onClose: () => void;
}

/**
 * "Assign new …" in a customer scope (reference console §4.7 "Add entities to customer"): pick
 * several of the tenant's entities, Cancel and Assign.
 */
export function AddEntitiesDialog({
  title,
  label,
  queryKey,
  search,
  noOptionsText,
  onAdd,
  onClose,
}: AddEntitiesDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [entities, setEntities] = useState<PickerOption[]>([]);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (entities.length === 0) {
      return;
    }
    setBusy(true);
    try {
      await onAdd(entities);
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
          <EntityMultiAutocomplete
            label={label}
            value={entities}
            onChange={setEntities}
            queryKey={queryKey}
            search={search}
            noOptionsText={noOptionsText}
            required
            autoFocus
            testId={selectors.assignDialog.entities}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid={selectors.assignDialog.cancel}>
            {t('action.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={entities.length === 0 || busy}
            data-testid={selectors.assignDialog.submit}
          >
            {t('action.assign')}
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
