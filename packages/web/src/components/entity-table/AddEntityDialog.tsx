import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { selectors } from '../../selectors';
import { DialogForm } from './DialogForm';
import type { EntityFormConfig } from './types';

export interface AddEntityDialogProps<T, V extends FieldValues> {
  title: string;
  form: EntityFormConfig<T, V>;
  onClose: () => void;
  /** Called with what `save` resolved to. */
  onAdded: (saved: unknown) => void;
}

/** The default "Add entity" dialog: the entity form, Cancel and Add (reference console §2). */
export function AddEntityDialog<T, V extends FieldValues>({
  title,
  form: config,
  onClose,
  onAdded,
}: AddEntityDialogProps<T, V>) {
  const { t } = useTranslation();
  const titleId = useId();
  const [saving, setSaving] = useState(false);
  const form = useForm<V>({ defaultValues: config.toValues(null) as DefaultValues<V>, mode: 'onChange' });
  const submit = form.handleSubmit(async (values) => {
    setSaving(true);
    try {
      const saved = await config.save(values, null);
      onAdded(saved);
    } catch {
      // Shown by the HTTP client; the dialog stays open.
    } finally {
      setSaving(false);
    }
  });
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      data-testid={selectors.entityTable.addDialog}
    >
      <DialogForm onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent dividers>
          {config.render({ form, entity: null, editing: true, isAdd: true })}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid={selectors.entityTable.addCancel}>
            {t('action.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={saving || !form.formState.isValid}
            data-testid={selectors.entityTable.addSubmit}
          >
            {t('action.add')}
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
