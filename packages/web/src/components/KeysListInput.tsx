import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectors } from '../selectors';

/** Characters that end a key while typing, besides Enter (spec 3 §5 keys list). */
const SEPARATORS = /[,;]/;

/**
 * Adds the keys of `text` (split at the separators) to `keys`: entries are trimmed, empty ones and
 * keys already in the list are ignored (spec 3 §5).
 */
export function addKeys(keys: readonly string[], text: string): string[] {
  const next = [...keys];
  for (const part of text.split(SEPARATORS)) {
    const key = part.trim();
    if (key.length > 0 && !next.includes(key)) {
      next.push(key);
    }
  }
  return next;
}

export interface KeysListInputProps {
  label: string;
  value: readonly string[];
  onChange: (keys: string[]) => void;
  /** Keys to suggest (e.g. the keys an entity has), loaded when the list opens. */
  suggestions?: {
    queryKey: readonly unknown[];
    load: (signal: AbortSignal) => Promise<string[]>;
  };
  disabled?: boolean;
  placeholder?: string;
  testId?: string;
}

/**
 * A list of keys shown as chips (spec 3 "entity keys list"): type a key and press Enter, a comma or
 * a semicolon, or pick a suggestion; a key typed and left is added too.
 */
export function KeysListInput({
  label,
  value,
  onChange,
  suggestions,
  disabled,
  placeholder,
  testId,
}: KeysListInputProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const options = useQuery({
    queryKey: [...(suggestions?.queryKey ?? ['keys-list', 'none'])],
    queryFn: ({ signal }) => suggestions?.load(signal) ?? Promise.resolve([]),
    enabled: open && suggestions !== undefined,
  });
  const commit = (input: string) => {
    const next = addKeys(value, input);
    if (next.length !== value.length) {
      onChange(next);
    }
    setText('');
  };
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      disabled={disabled}
      value={[...value]}
      options={options.data ?? []}
      loading={options.isFetching}
      inputValue={text}
      onInputChange={(_event, next, reason) => {
        if (reason === 'reset') {
          setText('');
        } else if (SEPARATORS.test(next)) {
          commit(next);
        } else {
          setText(next);
        }
      }}
      onChange={(_event, next) => {
        // Chips removed, a suggestion picked, or Enter on the typed text.
        const keys: string[] = [];
        for (const item of next) {
          const key = item.trim();
          if (key.length > 0 && !keys.includes(key)) {
            keys.push(key);
          }
        }
        onChange(keys);
        setText('');
      }}
      onBlur={() => commit(text)}
      filterOptions={(all, state) => {
        const typed = state.inputValue.trim().toLowerCase();
        return all.filter((option) => !value.includes(option) && option.toLowerCase().includes(typed));
      }}
      filterSelectedOptions
      loadingText={t('app.loading')}
      noOptionsText={t('entity.no-keys-found')}
      clearText={t('action.clear')}
      closeText={t('action.close')}
      openText={t('entity.open')}
      renderValue={(keys, getItemProps) =>
        keys.map((key, index) => {
          const { key: itemKey, onDelete, ...itemProps } = getItemProps({ index });
          return (
            <Chip
              key={itemKey}
              size="small"
              label={key}
              {...itemProps}
              // Read-only lists show their keys without a remove button.
              onDelete={disabled ? undefined : onDelete}
              data-testid={selectors.keysList.chip(key)}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          margin="dense"
          placeholder={disabled || value.length > 0 ? undefined : placeholder}
          slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': testId } }}
        />
      )}
    />
  );
}
