import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { type Control, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { assetTypesQuery } from '../../api/assets';
import { useServices } from '../../app/services/useServices';
import { selectors } from '../../selectors';
import { ASSET_TEXT_MAX_LENGTH, type AssetValues } from './asset-values';

/**
 * Asset type (spec 3 §5 subtype autocomplete): the tenant's types matching the typed prefix, case
 * insensitive; a new type is typed in freely. Required, at most 255 characters.
 */
export function AssetTypeField({ control, disabled }: { control: Control<AssetValues>; disabled: boolean }) {
  const { t } = useTranslation();
  const { http } = useServices();
  const types = useQuery(assetTypesQuery(http));
  const { field, fieldState } = useController({
    control,
    name: 'type',
    rules: {
      validate: (value: string) =>
        value.trim().length === 0
          ? 'asset.type-required'
          : value.length > ASSET_TEXT_MAX_LENGTH
            ? 'asset.type-max-length'
            : true,
    },
  });
  const options = (types.data ?? []).map((item) => item.type);
  const error = fieldState.error?.message;
  return (
    <Autocomplete<string, false, false, true>
      freeSolo
      options={options}
      value={field.value}
      inputValue={field.value}
      onInputChange={(_event, value) => field.onChange(value)}
      onChange={(_event, value) => field.onChange(value ?? '')}
      onBlur={field.onBlur}
      disabled={disabled}
      filterOptions={(all, state) => {
        const text = state.inputValue.toLowerCase();
        return all.filter((option) => option.toLowerCase().startsWith(text));
      }}
      clearText={t('action.clear')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('asset.asset-type')}
          required
          margin="dense"
          error={Boolean(error)}
          helperText={error ? t(error) : undefined}
          inputRef={field.ref}
          slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': selectors.assets.type } }}
        />
      )}
    />
  );
}
