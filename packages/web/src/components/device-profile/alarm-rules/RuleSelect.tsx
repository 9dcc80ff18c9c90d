import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export interface RuleSelectProps<O extends string> {
  label: string;
  value: string;
  options: readonly O[];
  optionLabel: (option: O) => string;
  onChange: (value: O) => void;
  disabled?: boolean;
  /** Fills its row; otherwise it is as wide as its text, at least `minWidth`. */
  fullWidth?: boolean;
  minWidth?: number;
  /** data-testid on the element that opens the list. */
  testId: string;
}

/**
 * A compact select of the alarm rule editors. Their values live in nested arrays (filters,
 * predicates) that the editors update as a whole, so it is not bound to the form itself.
 */
export function RuleSelect<O extends string>({
  label,
  value,
  options,
  optionLabel,
  onChange,
  disabled,
  fullWidth,
  minWidth,
  testId,
}: RuleSelectProps<O>) {
  return (
    <TextField
      select
      fullWidth={fullWidth}
      margin="dense"
      size="small"
      label={label}
      value={value}
      // The list offers nothing but the options.
      onChange={(event) => onChange(event.target.value as O)}
      disabled={disabled}
      sx={minWidth === undefined ? undefined : { minWidth }}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': testId } as object } }}
    >
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {optionLabel(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}
