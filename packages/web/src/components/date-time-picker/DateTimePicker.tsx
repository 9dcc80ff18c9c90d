import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import { type ReactNode, type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromDateTimeInput, toDateTimeInput } from '../../i18n/date-time';
import {
  type DateTimePrecision,
  dateTimePattern,
  formatDateTimeText,
  parseDateTimeText,
} from '../../i18n/date-time-text';
import { selectors } from '../../selectors';
import { DateTimePopover } from './DateTimePopover';

export interface DateTimePickerProps {
  /**
   * The value as `YYYY-MM-DDTHH:mm[:ss]` in the browser's time zone (what forms keep, see
   * toDateTimeInput); '' for none. Other text is shown as it is: the user's unfinished typing.
   */
  value: string;
  /**
   * Every edit: the new value, '' when cleared, or the typed text itself while it is not a date
   * and time, so the owner's check (fromDateTimeInput gives null) refuses it.
   */
  onChange: (value: string) => void;
  /** The user is done with the field: it lost focus, Enter was pressed or the popover picked. */
  onCommit?: (value: string) => void;
  onBlur?: () => void;
  precision?: DateTimePrecision;
  label: ReactNode;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  /** The test id of the text input; the calendar button gets selectors.dateTimePicker.open(testId). */
  testId?: string;
  /** More `data-*` attributes of the text input, for tests that find inputs by them. */
  dataAttributes?: Record<`data-${string}`, string>;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  size?: 'small' | 'medium';
  margin?: 'dense' | 'none' | 'normal';
  fullWidth?: boolean;
}

/** What the field shows for a value: the language's date-time format, or text that is no date. */
function textOf(value: string, language: string, precision: DateTimePrecision): string {
  const ms = fromDateTimeInput(value);
  return ms === null ? value : formatDateTimeText(ms, language, precision);
}

/**
 * The console's date-time picker: a text field in the console's date-time format for the user's
 * language (the format tables use, in the browser's time zone), typed or picked from a popover
 * calendar with time selects. Text that is not a date and time shows an error once the field
 * loses focus. Replaces the browser's `datetime-local`, which follows the browser's locale.
 */
export function DateTimePicker(props: DateTimePickerProps) {
  const { value, onChange, onCommit, onBlur, precision = 'minutes', label, testId } = props;
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  // The text shown and the value and language it was made for: a value from outside (a reset, a
  // pick) or a new language rewrites the text; the value the field itself reported does not.
  const [shown, setShown] = useState(() => ({ value, language, text: textOf(value, language, precision) }));
  const [blurred, setBlurred] = useState(false);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  let text = shown.text;
  if (shown.value !== value || shown.language !== language) {
    text = textOf(value, language, precision);
    setShown({ value, language, text });
  }
  const parsed = parseDateTimeText(text, language);
  const invalid = text.trim() !== '' && parsed === null;
  const pattern = dateTimePattern(language, precision);

  const valueFromText = (typed: string) => {
    if (typed.trim() === '') return '';
    const ms = parseDateTimeText(typed, language);
    return ms === null ? typed : toDateTimeInput(ms, precision);
  };
  const edit = (typed: string) => {
    const next = valueFromText(typed);
    setShown({ value: next, language, text: typed });
    setBlurred(false);
    onChange(next);
  };
  const commit = () => {
    setBlurred(true);
    const next = valueFromText(text);
    if (parsed !== null)
      setShown({ value: next, language, text: formatDateTimeText(parsed, language, precision) });
    onCommit?.(next);
  };
  const pick = (ms: number) => {
    const next = toDateTimeInput(ms, precision);
    setShown({ value: next, language, text: formatDateTimeText(ms, language, precision) });
    setBlurred(false);
    onChange(next);
    onCommit?.(next);
  };
  const showInvalid = invalid && blurred;
  const locked = props.disabled || props.readOnly;
  return (
    <>
      <TextField
        fullWidth={props.fullWidth ?? true}
        margin={props.margin}
        size={props.size}
        label={label}
        required={props.required}
        disabled={props.disabled}
        name={props.name}
        value={text}
        placeholder={pattern}
        onChange={(event) => edit(event.target.value)}
        onBlur={() => {
          commit();
          onBlur?.();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
        inputRef={props.inputRef}
        error={showInvalid || props.error}
        helperText={showInvalid ? t('date-time-picker.invalid', { pattern }) : props.helperText}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: {
            ...props.dataAttributes,
            'data-testid': testId,
            readOnly: props.readOnly,
            autoComplete: 'off',
          },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  size="small"
                  edge="end"
                  disabled={locked}
                  aria-label={t('date-time-picker.open-calendar')}
                  data-testid={testId ? selectors.dateTimePicker.open(testId) : undefined}
                  onClick={(event) => setAnchor(event.currentTarget)}
                >
                  <CalendarMonthIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <DateTimePopover valueMs={parsed} precision={precision} onPick={pick} />
      </Popover>
    </>
  );
}
