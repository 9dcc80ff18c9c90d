import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/entity-table/FormDialog';
import { GridSettingsFields } from './GridSettingsFields';
import type { GridSettingsForm } from './layouts-edit';
import { managerSelectors } from './manager-selectors';

/** The grid settings of one layout (reference §5.3 "Manage layouts", its settings button). */
export function GridSettingsDialog({
  title,
  value,
  onSave,
  onClose,
}: {
  title: string;
  value: GridSettingsForm;
  onSave: (grid: GridSettingsForm) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<{ grid: GridSettingsForm }>({ defaultValues: { grid: value }, mode: 'onChange' });
  return (
    <FormDialog
      title={title}
      onClose={onClose}
      onSubmit={form.handleSubmit((values) => onSave(values.grid))}
      submitLabel={t('action.save')}
      submitDisabled={!form.formState.isValid}
      dividers
      testIds={{
        dialog: managerSelectors.gridDialog,
        cancel: managerSelectors.dialogCancel,
        submit: managerSelectors.dialogSave,
      }}
    >
      <GridSettingsFields control={form.control} />
    </FormDialog>
  );
}
