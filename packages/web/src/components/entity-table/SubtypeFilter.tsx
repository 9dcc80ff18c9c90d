import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type SubtypeSource, subtypeKeys, useSubtypeOptions } from './subtype-source';

/** A subtype filter of a table header (asset type, entity view type, …): all types by default. */
export function SubtypeFilter<K extends QueryKey>({
  source,
  value,
  onChange,
}: {
  source: SubtypeSource<K>;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation();
  const options = useSubtypeOptions(source.typesQuery);
  return (
    <TextField
      select
      size="small"
      label={t(subtypeKeys(source.one).label)}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || null)}
      sx={{ width: 220 }}
      margin="none"
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': source.testIds.typeFilter } as object } }}
    >
      <MenuItem value="">{t('entity.all')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {option}
        </MenuItem>
      ))}
    </TextField>
  );
}
