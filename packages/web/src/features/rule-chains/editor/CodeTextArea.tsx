import TextField from '@mui/material/TextField';

/**
 * Script and JSON text. CodeMirror is not a dependency of the console yet, so code is edited in a
 * monospace text area (tabs kept as typed, no wrapping).
 */
export function CodeTextArea(props: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  error?: string | undefined;
  testId: string;
  minRows?: number;
}) {
  const { label, value, onChange, error, testId, minRows = 4 } = props;
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      multiline
      minRows={minRows}
      fullWidth
      margin="dense"
      error={error !== undefined}
      helperText={error}
      slotProps={{
        htmlInput: {
          'data-testid': testId,
          spellCheck: false,
          style: { fontFamily: 'monospace', fontSize: 13, whiteSpace: 'pre', overflowX: 'auto' },
        },
      }}
    />
  );
}
