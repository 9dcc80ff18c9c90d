import { useState } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { selectors } from '../../selectors';
import { FormDialog } from './FormDialog';
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
    <FormDialog
      title={title}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('action.add')}
      submitDisabled={saving || !form.formState.isValid}
      dividers
      testIds={{
        dialog: selectors.entityTable.addDialog,
        cancel: selectors.entityTable.addCancel,
        submit: selectors.entityTable.addSubmit,
      }}
    >
      {config.render({ form, entity: null, editing: true, isAdd: true })}
    </FormDialog>
  );
}
