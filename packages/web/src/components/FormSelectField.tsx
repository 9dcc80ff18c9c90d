import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { type FieldPath, type FieldValues, type UseControllerProps, useController } from 'react-hook-form';

export type FormSelectFieldProps<
  T extends FieldValues,
  N extends FieldPath<T>,
  O extends string | number,
> = UseControllerProps<T, N> & {
  label: ReactNode;
  /** The values offered, each an item showing `optionLabel(value)` (the value itself by default). */
  options?: readonly O[];
  optionLabel?: (option: O) => ReactNode;
  /** Items of their own (MenuItem elements), before the options. */
  children?: ReactNode;
  disabled?: boolean;
  /** data-testid on the element that opens the list. */
  testId?: string;
};

/** A select bound to react-hook-form. */
export function FormSelectField<T extends FieldValues, N extends FieldPath<T>, O extends string | number>(
  props: FormSelectFieldProps<T, N, O>,
) {
  const {
    label,
    options = [],
    optionLabel = (option) => option,
    children,
    disabled,
    testId,
    ...controller
  } = props;
  const { field } = useController(controller);
  return (
    <TextField
      select
      fullWidth
      margin="dense"
      label={label}
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={disabled}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': testId } as object } }}
    >
      {children}
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {optionLabel(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}
