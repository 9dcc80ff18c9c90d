import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** A subtype filter of a table header (asset type, entity view type, …): all types by default. */
export function SubtypeFilter({
  label,
  options,
  value,
  onChange,
  testId,
}: {
  label: string;
  options: readonly string[];
  value: string | null;
  onChange: (value: string | null) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || null)}
      sx={{ width: 220 }}
      margin="none"
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': testId } as object } }}
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
