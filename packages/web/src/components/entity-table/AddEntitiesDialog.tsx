import { useState } from 'react';
import { selectors } from '../../selectors';
import { AssignDialog } from './AssignDialog';
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
  const [entities, setEntities] = useState<PickerOption[]>([]);
  return (
    <AssignDialog
      title={title}
      picked={entities.length > 0}
      onAssign={() => onAdd(entities)}
      onClose={onClose}
    >
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
    </AssignDialog>
  );
}
