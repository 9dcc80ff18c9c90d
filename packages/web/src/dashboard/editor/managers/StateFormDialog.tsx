import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/entity-table/FormDialog';
import { FormCheckbox } from '../../../components/FormCheckbox';
import { FormTextField } from '../../../components/FormTextField';
import { managerSelectors } from './manager-selectors';
import { type StateRow, stateIdOf } from './states-edit';

/**
 * Adds (`state` null) or edits a dashboard state: name, id and root flag. While the id was not
 * typed it follows the name as the reference derives it; it must be unique. A root state stays root
 * (making another state root is how the root changes).
 */
export function StateFormDialog({
  state,
  takenIds,
  onSave,
  onClose,
}: {
  state: StateRow | null;
  /** The ids of the other states. */
  takenIds: ReadonlySet<string>;
  onSave: (row: StateRow) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<StateRow>({
    defaultValues: state ?? { id: '', name: '', root: false },
    mode: 'onChange',
  });
  const { control, setValue, getFieldState } = form;
  const name = useWatch({ control, name: 'name' });
  const submit = form.handleSubmit((row) => onSave({ ...row, name: row.name.trim(), id: row.id.trim() }));
  return (
    <FormDialog
      title={t(state ? 'dashboard-managers.edit-state' : 'dashboard-managers.add-state')}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t(state ? 'action.save' : 'action.add')}
      submitDisabled={!form.formState.isValid}
      testIds={{
        dialog: managerSelectors.stateDialog,
        cancel: managerSelectors.stateCancel,
        submit: managerSelectors.stateSubmit,
      }}
    >
      <FormTextField
        control={control}
        name="name"
        required
        autoFocus
        label={t('dashboard-managers.state-name')}
        testId={managerSelectors.stateName}
        rules={{
          validate: (value: string) => (value.trim() ? true : 'dashboard-managers.state-name-required'),
          onChange: (event: { target: { value: string } }) => {
            if (!state && !getFieldState('id').isDirty) {
              setValue('id', stateIdOf(event.target.value), { shouldValidate: true });
            }
          },
        }}
      />
      <FormTextField
        control={control}
        name="id"
        required
        label={t('dashboard-managers.state-id')}
        testId={managerSelectors.stateId}
        helperText={name && !state ? t('dashboard-managers.state-id-hint') : undefined}
        rules={{
          validate: (value: string) =>
            !value.trim()
              ? 'dashboard-managers.state-id-required'
              : takenIds.has(value.trim())
                ? 'dashboard-managers.state-id-taken'
                : true,
        }}
      />
      <FormCheckbox
        control={control}
        name="root"
        disabled={state?.root === true}
        label={t('dashboard-managers.state-root')}
        testId={managerSelectors.stateRoot}
      />
    </FormDialog>
  );
}
