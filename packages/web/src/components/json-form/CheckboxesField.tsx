import type { JsonValue } from '@meridian/common';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import type { FormField } from './json-form-types';

/**
 * An array of enum strings (spec 3 "array of enum checkboxes"): a checkbox per choice; the value
 * is the checked choices in the enum's order.
 */
export function CheckboxesField({
  field,
  value,
  onChange,
  error,
  testId,
}: {
  field: FormField;
  value: JsonValue | undefined;
  onChange: (value: JsonValue[]) => void;
  error: string | null;
  testId: string;
}) {
  const options = field.options ?? [];
  const checked = Array.isArray(value) ? value : [];
  const toggle = (option: JsonValue, on: boolean) =>
    onChange(
      options
        .map((choice) => choice.value)
        .filter((choice) => (choice === option ? on : checked.includes(choice))),
    );
  return (
    <FormControl component="fieldset" error={error !== null} disabled={field.readOnly} margin="dense">
      <FormLabel component="legend">{field.required ? `${field.title} *` : field.title}</FormLabel>
      <FormGroup row>
        {options.map((option) => (
          <FormControlLabel
            key={String(option.value)}
            label={option.label}
            control={
              <Checkbox
                checked={checked.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
                slotProps={{ input: { 'data-testid': `${testId}-${String(option.value)}` } as object }}
              />
            }
          />
        ))}
      </FormGroup>
      {(error ?? field.description) && <FormHelperText>{error ?? field.description}</FormHelperText>}
    </FormControl>
  );
}
