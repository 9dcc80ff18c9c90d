import type { DashboardFilter } from '@meridian/common';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../../components/AddButton';
import { FormDialog } from '../../../components/entity-table/FormDialog';
import { filterSelectors as S } from './filter-selectors';
import {
  dashboardFilterOf,
  duplicateFilterName,
  type FilterValues,
  filterValuesOf,
  keyFilterError,
  newKeyFilterValues,
} from './filter-values';
import { KeyFilterEditor } from './KeyFilterEditor';

export interface FilterDialogProps {
  filter: DashboardFilter;
  isNew: boolean;
  /** All filters of the dashboard, for the unique name. */
  filters: readonly DashboardFilter[];
  onSave: (filter: DashboardFilter) => void;
  onClose: () => void;
}

/**
 * Adds or edits one named filter (reference console §5.3): its unique name, whether viewers may
 * change it, and its key filters, all of which must hold.
 */
export function FilterDialog({ filter, isNew, filters, onSave, onClose }: FilterDialogProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<FilterValues>(() => filterValuesOf(filter));
  const [submitted, setSubmitted] = useState(false);
  const set = (patch: Partial<FilterValues>) => setValues((current) => ({ ...current, ...patch }));
  const nameError =
    values.name.trim() === ''
      ? 'dashboard-filters.name-required'
      : duplicateFilterName(filters, values.name, values.id)
        ? 'dashboard-filters.name-duplicate'
        : null;
  const keyFiltersError =
    values.keyFilters.length === 0
      ? 'device-profile.alarm-rules.filters-required'
      : values.keyFilters.some((keyFilter) => keyFilterError(keyFilter) !== null)
        ? 'dashboard-filters.key-filters-invalid'
        : null;

  return (
    <FormDialog
      title={t(isNew ? 'dashboard-filters.add-title' : 'dashboard-filters.edit-title')}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        setSubmitted(true);
        if (nameError || keyFiltersError) return;
        onSave(dashboardFilterOf(values));
      }}
      submitLabel={t(isNew ? 'action.add' : 'action.save')}
      submitDisabled={false}
      dividers
      maxWidth="md"
      testIds={{ dialog: S.editor, cancel: S.editorCancel, submit: S.editorSave }}
    >
      <TextField
        fullWidth
        autoFocus
        margin="dense"
        required
        label={t('dashboard-filters.name')}
        value={values.name}
        onChange={(event) => set({ name: event.target.value })}
        error={submitted && nameError !== null}
        helperText={submitted && nameError ? t(nameError) : undefined}
        slotProps={{ htmlInput: { 'data-testid': S.name } }}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={values.editable}
            onChange={(_event, editable) => set({ editable })}
            slotProps={{ input: { 'data-testid': S.editable } as object }}
          />
        }
        label={t('dashboard-filters.editable')}
      />
      <Typography variant="subtitle2" sx={{ my: 1 }}>
        {t('device-profile.alarm-rules.key-filters')}
      </Typography>
      {values.keyFilters.map((keyFilter, index) => (
        <KeyFilterEditor
          // Key filters have no identity of their own; a removal re-renders the rest in place.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          index={index}
          value={keyFilter}
          showErrors={submitted}
          onChange={(next) =>
            setValues((current) => ({
              ...current,
              keyFilters: current.keyFilters.map((item, i) => (i === index ? next : item)),
            }))
          }
          onRemove={() =>
            setValues((current) => ({
              ...current,
              keyFilters: current.keyFilters.filter((_item, i) => i !== index),
            }))
          }
        />
      ))}
      {submitted && keyFiltersError && (
        <Typography variant="body2" color="error">
          {t(keyFiltersError)}
        </Typography>
      )}
      <AddButton
        label={t('device-profile.alarm-rules.add-filter')}
        onClick={() =>
          setValues((current) => ({ ...current, keyFilters: [...current.keyFilters, newKeyFilterValues()] }))
        }
        testId={S.addKeyFilter}
      />
    </FormDialog>
  );
}
