import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { ReactNode } from 'react';
import { type FieldPath, type FieldValues, type UseControllerProps, useController } from 'react-hook-form';

export type FormCheckboxProps<T extends FieldValues, N extends FieldPath<T>> = UseControllerProps<T, N> & {
  label: ReactNode;
  testId?: string;
  /** Render as a switch instead of a checkbox. */
  toggle?: boolean;
};

/** A checkbox (or switch) bound to a boolean react-hook-form field. */
export function FormCheckbox<T extends FieldValues, N extends FieldPath<T>>(props: FormCheckboxProps<T, N>) {
  const { label, testId, toggle, ...controller } = props;
  const { field } = useController(controller);
  const common = {
    checked: field.value === true,
    onChange: (_event: unknown, checked: boolean) => field.onChange(checked),
    onBlur: field.onBlur,
    inputRef: field.ref,
    name: field.name,
    disabled: field.disabled,
    slotProps: { input: { 'data-testid': testId } as object },
  };
  return (
    <FormControlLabel control={toggle ? <Switch {...common} /> : <Checkbox {...common} />} label={label} />
  );
}
