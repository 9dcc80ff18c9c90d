import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getRuleChains, ruleChainKeys } from '../../../api/rule-chains';
import { useServices } from '../../../app/services/useServices';

/** Chains offered by the picker: the tenant's first ones by name. */
const PICKER_PAGE = { pageSize: 100, page: 0, sortOrder: { property: 'name', direction: 'ASC' as const } };

/** The chain a "rule chain" node forwards to, picked by name from the tenant's core chains. */
export function RuleChainSelect(props: {
  label: string;
  value: string;
  onChange: (ruleChainId: string) => void;
  testId: string;
  disabled?: boolean;
}) {
  const { label, value, onChange, testId, disabled } = props;
  const { t } = useTranslation();
  const { http } = useServices();
  const chains = useQuery({
    queryKey: [...ruleChainKeys.all, 'picker'],
    queryFn: ({ signal }) => getRuleChains(http, PICKER_PAGE, { signal, ignoreLoading: true }),
  });
  const options = chains.data?.data ?? [];
  // A chain not among the options (e.g. of an imported node) is still shown, by its id.
  const known = value === '' || options.some((c) => c.id.id === value);
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      fullWidth
      margin="dense"
      disabled={disabled}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      <MenuItem value="">
        <em>{t('rulenode.no-rule-chain')}</em>
      </MenuItem>
      {!known && <MenuItem value={value}>{value}</MenuItem>}
      {options.map((c) => (
        <MenuItem key={c.id.id} value={c.id.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
