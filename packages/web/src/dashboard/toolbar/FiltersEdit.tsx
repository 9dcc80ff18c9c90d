import FilterList from '@mui/icons-material/FilterList';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimePicker } from '../../components/date-time-picker/DateTimePicker';
import { toDateTimeInput } from '../../i18n/date-time';
import { useDashboardRuntime } from '../dashboard-runtime-context';
import {
  type EditablePredicate,
  editableFilters,
  editablePredicates,
  parsePredicateInput,
  predicateValue,
  setPredicateValue,
} from '../runtime/user-filters';
import { dashboardSelectors } from '../selectors';

type Draft = Record<string, string | boolean>;

const INPUT_TYPES = {
  STRING: 'text',
  NUMERIC: 'number',
  BOOLEAN: 'text',
} as const;

const draftKey = (p: EditablePredicate) => `${p.filterId}/${p.keyFilterIndex}/${p.path.join('.')}`;

/** What a field shows for a predicate's value now. */
function inputOf(predicate: EditablePredicate): string | boolean {
  const value = predicateValue(predicate.predicate);
  if (predicate.valueType === 'BOOLEAN') return value === true;
  if (predicate.valueType === 'DATE_TIME' && typeof value === 'number') return toDateTimeInput(value);
  return value === null ? '' : String(value);
}

/**
 * The toolbar's filters (reference console §5.2 "filters"): the values of the dashboard filters'
 * editable predicates, changed for this view; the widgets using those filters follow on Update.
 */
export function FiltersEdit() {
  const { t } = useTranslation();
  const { filters, setFilter } = useDashboardRuntime();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [draft, setDraft] = useState<Draft>({});
  // Each editable filter with its editable predicates, found once per render.
  const editable = editableFilters(filters).map((filter) => ({
    filter,
    predicates: editablePredicates(filter),
  }));
  if (editable.length === 0) return null;
  const labelOf = (p: EditablePredicate) =>
    p.label || `${p.key} ${t(`device-profile.alarm-rules.summary-operations.${p.predicate.operation}`)}`;
  const invalid = editable.some(({ predicates }) =>
    predicates.some((p) => {
      const input = draft[draftKey(p)];
      return input !== undefined && parsePredicateInput(p.valueType, input) === null;
    }),
  );
  const update = () => {
    for (const { filter, predicates } of editable) {
      let next = filter;
      for (const p of predicates) {
        const input = draft[draftKey(p)];
        const value = input === undefined ? null : parsePredicateInput(p.valueType, input);
        if (value !== null) next = setPredicateValue(next, p, value);
      }
      if (next !== filter) setFilter(next);
    }
    setAnchor(null);
  };
  const label = t('dashboard-viewer.filters');
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          aria-label={label}
          data-testid={dashboardSelectors.filters}
          onClick={(event) => {
            setDraft({});
            setAnchor(event.currentTarget);
          }}
        >
          <FilterList />
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Stack spacing={2} sx={{ p: 2, width: 320 }} data-testid={dashboardSelectors.filtersPanel}>
          {editable.map(({ filter, predicates }) => (
            <Stack key={filter.id} spacing={1.5}>
              <Typography variant="subtitle2">{filter.filter}</Typography>
              {predicates.map((p) => {
                const key = draftKey(p);
                const value = draft[key] ?? inputOf(p);
                const set = (next: string | boolean) => setDraft((current) => ({ ...current, [key]: next }));
                const fieldLabel = labelOf(p);
                if (p.valueType === 'BOOLEAN') {
                  return (
                    <FormControlLabel
                      key={key}
                      label={fieldLabel}
                      control={
                        <Checkbox
                          checked={value === true}
                          onChange={(event) => set(event.target.checked)}
                          slotProps={{
                            input: { 'data-testid': dashboardSelectors.filterField(fieldLabel) } as object,
                          }}
                        />
                      }
                    />
                  );
                }
                const typed = p.valueType === 'NUMERIC' || p.valueType === 'DATE_TIME';
                const wrong = typed && parsePredicateInput(p.valueType, String(value)) === null;
                const helperText = wrong ? t(`dashboard-viewer.filter-invalid-${p.valueType}`) : undefined;
                if (p.valueType === 'DATE_TIME') {
                  return (
                    <DateTimePicker
                      key={key}
                      size="small"
                      label={fieldLabel}
                      value={String(value)}
                      onChange={set}
                      error={wrong}
                      helperText={helperText}
                      testId={dashboardSelectors.filterField(fieldLabel)}
                    />
                  );
                }
                return (
                  <TextField
                    key={key}
                    size="small"
                    label={fieldLabel}
                    value={String(value)}
                    type={INPUT_TYPES[p.valueType]}
                    error={wrong}
                    helperText={helperText}
                    slotProps={{
                      inputLabel: { shrink: true },
                      htmlInput: { 'data-testid': dashboardSelectors.filterField(fieldLabel) },
                    }}
                    onChange={(event) => set(event.target.value)}
                  />
                );
              })}
            </Stack>
          ))}
          <Stack direction="row" spacing={1} justifyContent="flex-end">
            <Button onClick={() => setAnchor(null)}>{t('action.cancel')}</Button>
            <Button
              variant="contained"
              disabled={invalid}
              onClick={update}
              data-testid={dashboardSelectors.filtersUpdate}
            >
              {t('dashboard-viewer.filters-update')}
            </Button>
          </Stack>
        </Stack>
      </Popover>
    </>
  );
}
