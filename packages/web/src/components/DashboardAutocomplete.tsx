import type { DashboardInfo } from '@meridian/common';
import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What the picker needs of a dashboard: its id and title. */
export type DashboardOption = Pick<DashboardInfo, 'id' | 'title'>;

/** Autocomplete search text is debounced 150 ms (spec 3 §9). */
export const DASHBOARD_SEARCH_DEBOUNCE_MS = 150;

export interface DashboardAutocompleteProps {
  label: string;
  value: DashboardOption | null;
  onChange: (value: DashboardOption | null) => void;
  /** Dashboards matching the current search text (the caller queries the server). */
  options: readonly DashboardOption[];
  loading: boolean;
  /** Debounced search text; '' after a selection so the full first page shows again. */
  onSearchTextChange: (text: string) => void;
  onOpen?: () => void;
  required?: boolean;
  disabled?: boolean;
  testId?: string;
}

/** Picks a dashboard by title (spec 3 §2.2): search, clear button, "no dashboards matching" text. */
export function DashboardAutocomplete({
  label,
  value,
  onChange,
  options,
  loading,
  onSearchTextChange,
  onOpen,
  required,
  disabled,
  testId,
}: DashboardAutocompleteProps) {
  const { t } = useTranslation();
  const [inputValue, setInputValue] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) {
        clearTimeout(timer.current);
      }
    },
    [],
  );
  const search = (text: string) => {
    if (timer.current) {
      clearTimeout(timer.current);
    }
    timer.current = setTimeout(() => onSearchTextChange(text), DASHBOARD_SEARCH_DEBOUNCE_MS);
  };
  return (
    <Autocomplete<DashboardOption, false, false, false>
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={inputValue}
      onInputChange={(_event, text, reason) => {
        setInputValue(text);
        search(reason === 'input' ? text : '');
      }}
      onOpen={onOpen}
      options={options as DashboardOption[]}
      loading={loading}
      disabled={disabled}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.title}
      isOptionEqualToValue={(option, selected) => option.id.id === selected.id.id}
      noOptionsText={
        inputValue && inputValue !== value?.title
          ? t('dashboard.no-dashboards-matching', { text: inputValue })
          : t('dashboard.no-dashboards')
      }
      loadingText={t('app.loading')}
      clearText={t('action.clear')}
      closeText={t('action.close')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          placeholder={t('dashboard.search')}
          InputProps={{
            ...params.InputProps,
            endAdornment: (
              <>
                {loading ? <CircularProgress color="inherit" size={20} /> : null}
                {params.InputProps.endAdornment}
              </>
            ),
          }}
          inputProps={{ ...params.inputProps, 'data-testid': testId }}
        />
      )}
    />
  );
}
