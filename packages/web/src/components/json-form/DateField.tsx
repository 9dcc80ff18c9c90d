import { useState } from 'react';
import { fromDateTimeInput, toDateTimeInput } from '../../i18n/date-time';
import { DateTimePicker } from '../date-time-picker/DateTimePicker';

/**
 * A date field of the JSON form (spec 3 "date date"): the console's date-time picker over a value
 * in epoch ms. Typed text that is not a date yet leaves the model alone and is reported through
 * `onInvalid`, so the form stays invalid until it is a date or cleared.
 */
export function DateField({
  label,
  value,
  onChange,
  onInvalid,
  disabled,
  required,
  error,
  helperText,
  testId,
}: {
  label: string;
  value: number | undefined;
  onChange: (ms: number | undefined) => void;
  onInvalid: (invalid: boolean) => void;
  disabled?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: string | undefined;
  testId: string;
}) {
  // The picker's text value and the model value it stands for: a model changed from outside
  // (another item moved here, a reset) rewrites the text.
  const [shown, setShown] = useState(() => ({ ms: value, text: textOf(value) }));
  let text = shown.text;
  if (shown.ms !== value) {
    text = textOf(value);
    setShown({ ms: value, text });
  }
  return (
    <DateTimePicker
      label={label}
      value={text}
      margin="dense"
      size="small"
      disabled={disabled}
      required={required}
      error={error}
      helperText={helperText}
      testId={testId}
      onChange={(next) => {
        const ms = next === '' ? undefined : fromDateTimeInput(next);
        if (ms === null) {
          setShown({ ms: value, text: next });
          onInvalid(true);
          return;
        }
        setShown({ ms, text: next });
        onInvalid(false);
        onChange(ms);
      }}
    />
  );
}

const textOf = (ms: number | undefined) => (ms === undefined ? '' : toDateTimeInput(ms));
