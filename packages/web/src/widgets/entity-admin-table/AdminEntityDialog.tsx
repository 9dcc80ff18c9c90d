import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../app/http/http-error';
import { useServices } from '../../app/services/useServices';
import { FormDialog } from '../../components/entity-table/FormDialog';
import type { AdminKind } from './admin-kinds';
import { entityAdminSelectors as s } from './selectors';

interface DialogProps<E, V extends FieldValues> {
  kind: AdminKind<E, V>;
  onClose: () => void;
  /** After the server saved the entity. */
  onSaved: () => void;
}

/** The server's reason for a refused save (a taken name…), else the error's own text. */
function failureText(error: unknown): string {
  if (error instanceof HttpError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The add or edit dialog of an entity admin table: name, profile or type and label. A refused save
 * keeps the dialog open with the server's message in it.
 */
export function AdminEntityDialog<E, V extends FieldValues>({
  kind,
  entity,
  onClose,
  onSaved,
}: DialogProps<E, V> & { entity: E | null }) {
  const { t } = useTranslation();
  const { http } = useServices();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<V>({ defaultValues: kind.valuesOf(entity) as DefaultValues<V>, mode: 'onChange' });
  const submit = form.handleSubmit(async (values) => {
    setSaving(true);
    setFailure(null);
    try {
      await kind.save(http, values, entity);
      onSaved();
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setSaving(false);
    }
  });
  const { Fields } = kind;
  return (
    <FormDialog
      title={t(entity ? kind.texts.edit : kind.texts.add)}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t(entity ? 'action.save' : 'action.add')}
      submitDisabled={saving || !form.formState.isValid || (entity !== null && !form.formState.isDirty)}
      testIds={{ dialog: s.dialog, cancel: s.cancel, submit: s.submit }}
    >
      {failure && (
        <Alert severity="error" sx={{ mb: 1 }} data-testid={s.dialogError}>
          {failure}
        </Alert>
      )}
      <Fields form={form} />
    </FormDialog>
  );
}

/** The edit dialog, once the stored entity is loaded (the form keeps what it does not show). */
export function EditEntityDialog<E, V extends FieldValues>({
  kind,
  entityId,
  ...props
}: DialogProps<E, V> & { entityId: string }) {
  const { http } = useServices();
  const stored = useQuery({
    queryKey: kind.infoKey(entityId),
    queryFn: ({ signal }) => kind.load(http, entityId, signal),
    staleTime: 0,
  });
  const { onClose } = props;
  const failed = stored.isError;
  // The failure itself is the HTTP client's toast.
  useEffect(() => {
    if (failed) onClose();
  }, [failed, onClose]);
  if (failed) return null;
  // Never a cached copy: the form starts from what the server has now.
  if (!stored.data || !stored.isFetchedAfterMount) {
    return (
      <CircularProgress
        size={24}
        sx={{ position: 'fixed', inset: 0, m: 'auto' }}
        data-testid={s.dialogLoading}
      />
    );
  }
  return <AdminEntityDialog kind={kind} entity={stored.data} {...props} />;
}
