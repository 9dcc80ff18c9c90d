import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { assetTypesQuery } from '../../api/assets';
import { useServices } from '../../app/services/useServices';
import { selectors } from '../../selectors';

/** The asset type filter of the assets table header; all types by default. */
export function AssetTypeFilter({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation();
  const { http } = useServices();
  const types = useQuery(assetTypesQuery(http));
  return (
    <TextField
      select
      size="small"
      label={t('asset.asset-type')}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || null)}
      sx={{ width: 220 }}
      margin="none"
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': selectors.assets.typeFilter } as object } }}
    >
      <MenuItem value="">{t('entity.all')}</MenuItem>
      {(types.data ?? []).map((item) => (
        <MenuItem key={item.type} value={item.type}>
          {item.type}
        </MenuItem>
      ))}
    </TextField>
  );
}
