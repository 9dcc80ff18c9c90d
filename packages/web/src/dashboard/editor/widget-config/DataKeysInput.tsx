import type { DataKey, DataKeyType } from '@meridian/common';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { KeyOption } from './alias-keys';
import { belowLimit } from './data-keys';
import { widgetConfigSelectors as S } from './widget-config-selectors';

/** How the input names each kind of key in its groups. */
const KEY_TYPE_LABELS: Record<DataKeyType, string> = {
  timeseries: 'widget-config.key-type-timeseries',
  attribute: 'widget-config.key-type-attribute',
  entityField: 'widget-config.key-type-entity-field',
  alarm: 'widget-config.key-type-alarm',
  function: 'widget-config.key-type-function',
  count: 'widget-config.key-type-count',
};

const filter = createFilterOptions<KeyOption>({ stringify: (option) => option.name });

/**
 * The data keys of a datasource as chips (label and colour; a click opens the key's dialog) with
 * an autocomplete of the keys offered. A name typed that is not offered becomes a key of
 * `typedKeyType` (a time series of an entity datasource, a generated key of a function one).
 * At the widget type's `maxKeys` it takes no more (keys saved over it stay, and can be removed).
 */
export function DataKeysInput({
  index,
  keys,
  options,
  typedKeyType,
  onAdd,
  onRemove,
  onEdit,
  maxKeys = -1,
  error,
}: {
  index: number;
  keys: readonly DataKey[];
  /** The most keys the datasource takes; -1 for any number. */
  maxKeys?: number;
  /** What is wrong with the keys as they are (none where some are required), shown under them. */
  error?: string | undefined;
  options: readonly KeyOption[];
  typedKeyType: DataKeyType;
  onAdd: (option: KeyOption) => void;
  onRemove: (position: number) => void;
  onEdit: (position: number) => void;
}) {
  const { t } = useTranslation();
  const taken = new Set(keys.map((key) => `${key.type}:${key.name}`));
  const full = !belowLimit(keys.length, maxKeys);
  const offered = full ? [] : options.filter((option) => !taken.has(`${option.type}:${option.name}`));
  return (
    <Autocomplete<KeyOption, true, true, true>
      multiple
      freeSolo
      disableClearable
      size="small"
      options={offered}
      value={keys.map((key) => ({ name: key.name, type: key.type }))}
      groupBy={(option) => t(KEY_TYPE_LABELS[option.type])}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.name)}
      filterOptions={(all, state) => filter(all, state)}
      isOptionEqualToValue={(a, b) => a.name === b.name && a.type === b.type}
      onChange={(_event, _value, reason, details) => {
        if (reason === 'removeOption' && details) {
          const position = keys.findIndex(
            (k) => k.name === details.option.name && k.type === details.option.type,
          );
          if (position >= 0) onRemove(position);
          return;
        }
        if (full || (reason !== 'selectOption' && reason !== 'createOption')) return;
        // A name typed and entered arrives as the text itself (freeSolo).
        const picked = details?.option as KeyOption | string | undefined;
        if (typeof picked === 'string') {
          const name = picked.trim();
          if (name) onAdd({ name, type: typedKeyType });
        } else if (picked) {
          onAdd(picked);
        }
      }}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props} data-testid={S.keyOption(option.type, option.name)}>
          {option.name}
        </li>
      )}
      renderValue={(_value, getItemProps) =>
        keys.map((key, position) => {
          const { key: itemKey, onDelete, ...itemProps } = getItemProps({ index: position });
          return (
            <Chip
              key={itemKey}
              {...itemProps}
              size="small"
              onDelete={onDelete}
              data-testid={S.keyChip(index, key.name)}
              label={key.label || key.name}
              title={t('widget-config.edit-key')}
              onClick={() => onEdit(position)}
              icon={
                <Box
                  component="span"
                  sx={{
                    width: 12,
                    height: 12,
                    borderRadius: '50%',
                    bgcolor: key.color,
                    ml: '6px !important',
                  }}
                />
              }
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          margin="dense"
          label={t('widget-config.data-keys')}
          placeholder={keys.length === 0 ? t('widget-config.add-key') : undefined}
          error={Boolean(error)}
          helperText={error ?? (full ? t('widget-config.max-data-keys', { max: maxKeys }) : undefined)}
          slotProps={{
            htmlInput: { ...params.inputProps, readOnly: full, 'data-testid': S.datasourceKeys(index) },
            formHelperText: { 'data-testid': S.datasourceKeysHint(index) } as object,
          }}
        />
      )}
    />
  );
}
