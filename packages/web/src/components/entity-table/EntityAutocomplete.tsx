import { SEARCH_DEBOUNCE_MS } from '@meridian/common';
import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** An option the pickers show: an id and a label. */
export interface PickerOption {
  id: string;
  label: string;
}

interface SearchProps<O extends PickerOption> {
  label: string;
  /** Query key prefix of the searched entity type; the search text is appended. */
  queryKey: readonly unknown[];
  /** Options matching the text (the caller pages and sorts on the server). */
  search: (text: string, signal: AbortSignal) => Promise<O[]>;
  /** "No … matching '{text}'" for a text, "No … found" for an empty one. */
  noOptionsText: (text: string) => string;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  placeholder?: string;
  testId?: string;
  autoFocus?: boolean;
  size?: 'small' | 'medium';
}

function useDebounced(text: string): string {
  const [value, setValue] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setValue(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return value;
}

function useOptions<O extends PickerOption>(props: SearchProps<O>, text: string, open: boolean) {
  const debounced = useDebounced(text);
  return useQuery({
    queryKey: [...props.queryKey, 'search', debounced],
    queryFn: ({ signal }) => props.search(debounced, signal),
    enabled: open,
    placeholderData: keepPreviousData,
  });
}

/**
 * The state and the Autocomplete props both pickers share: the server search of the typed text
 * (while open), options kept as the server sorted them, and the picker's texts.
 */
function useSearchAutocomplete<O extends PickerOption>(props: SearchProps<O>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const options = useOptions(props, text, open);
  const autocompleteProps = {
    open,
    onOpen: () => setOpen(true),
    onClose: () => setOpen(false),
    options: options.data ?? [],
    loading: options.isFetching,
    disabled: props.disabled,
    filterOptions: (all: O[]) => all,
    getOptionLabel: (option: O) => option.label,
    isOptionEqualToValue: (option: O, selected: O) => option.id === selected.id,
    noOptionsText: props.noOptionsText(text),
    loadingText: t('app.loading'),
    clearText: t('action.clear'),
    closeText: t('action.close'),
    openText: t('entity.open'),
  };
  const { label, required, error, placeholder, autoFocus } = props;
  const textFieldProps = {
    label,
    required,
    error: Boolean(error),
    helperText: error,
    placeholder,
    autoFocus,
  };
  return { text, setText, fetching: options.isFetching, autocompleteProps, textFieldProps };
}

export interface EntityAutocompleteProps<O extends PickerOption> extends SearchProps<O> {
  value: O | null;
  onChange: (value: O | null) => void;
  onBlur?: () => void;
}

/**
 * Picks one entity by searching the server as the user types (spec 3 §5, §9: debounced 150 ms;
 * "no … matching" text; required and disabled states).
 */
export function EntityAutocomplete<O extends PickerOption>(props: EntityAutocompleteProps<O>) {
  const { value, onChange, onBlur, testId, size } = props;
  const { setText, fetching, autocompleteProps, textFieldProps } = useSearchAutocomplete(props);
  return (
    <Autocomplete<O, false, false, false>
      {...autocompleteProps}
      size={size}
      value={value}
      onChange={(_event, next) => onChange(next)}
      onInputChange={(_event, next, reason) => setText(reason === 'input' ? next : '')}
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          {...textFieldProps}
          margin={size === 'small' ? 'none' : 'dense'}
          slotProps={{
            input: {
              ...params.InputProps,
              endAdornment: (
                <>
                  {fetching ? <CircularProgress color="inherit" size={20} /> : null}
                  {params.InputProps.endAdornment}
                </>
              ),
            },
            htmlInput: { ...params.inputProps, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}

export interface EntityMultiAutocompleteProps<O extends PickerOption> extends SearchProps<O> {
  value: O[];
  onChange: (value: O[]) => void;
}

/** Picks several entities (reference console §4.7 "Add entities to customer"). */
export function EntityMultiAutocomplete<O extends PickerOption>(props: EntityMultiAutocompleteProps<O>) {
  const { value, onChange, testId } = props;
  const { text, setText, autocompleteProps, textFieldProps } = useSearchAutocomplete(props);
  return (
    <Autocomplete<O, true, false, false>
      {...autocompleteProps}
      multiple
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={text}
      onInputChange={(_event, next, reason) => {
        if (reason !== 'reset') {
          setText(next);
        }
      }}
      filterSelectedOptions
      renderInput={(params) => (
        <TextField
          {...params}
          {...textFieldProps}
          margin="dense"
          slotProps={{
            htmlInput: { ...params.inputProps, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}
