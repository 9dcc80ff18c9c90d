import TextField from '@mui/material/TextField';

/** A JSON value pretty-printed for reading; nothing stored shows empty. */
export function jsonText(value: unknown): string {
  return value === null || value === undefined ? '' : JSON.stringify(value, null, 2);
}

export interface ReadonlyTextAreaProps {
  label: string;
  value: string;
  minRows: number;
  margin: 'dense' | 'normal';
  /** Keeps the label above the field when it is empty. */
  shrinkLabel?: boolean;
  testId: string;
}

/** Monospaced text to read and select in a details dialog (an alarm's details, an audit log's action data). */
export function ReadonlyTextArea({
  label,
  value,
  minRows,
  margin,
  shrinkLabel,
  testId,
}: ReadonlyTextAreaProps) {
  return (
    <TextField
      fullWidth
      multiline
      minRows={minRows}
      maxRows={20}
      margin={margin}
      label={label}
      value={value}
      slotProps={{
        inputLabel: shrinkLabel ? { shrink: true } : undefined,
        htmlInput: {
          readOnly: true,
          'data-testid': testId,
          style: { fontFamily: 'monospace', fontSize: 13 },
        },
      }}
    />
  );
}
