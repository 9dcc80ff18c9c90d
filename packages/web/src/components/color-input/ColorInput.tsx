import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';

/** The `#rrggbb` form a native colour picker takes; other CSS colours start it from black. */
function hexOf(color: string): string {
  const value = color.trim();
  if (/^#[0-9a-f]{6}$/i.test(value)) return value.toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value);
  return short
    ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase()
    : '#000000';
}

/**
 * A colour input (spec 3 §2.2): a swatch of the colour, which opens the browser's colour picker,
 * beside the colour as text, so any CSS colour (rgba(), names) can still be typed. Empty is no colour.
 */
export function ColorInput({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange: (color: string) => void;
  testId: string;
}) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      size="small"
      fullWidth
      margin="dense"
      slotProps={{
        htmlInput: { 'data-testid': testId, spellCheck: false },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Box
                component="label"
                title={label}
                sx={{
                  position: 'relative',
                  width: 24,
                  height: 24,
                  borderRadius: 0.5,
                  border: 1,
                  borderColor: 'divider',
                  cursor: 'pointer',
                  bgcolor: value || 'transparent',
                  backgroundImage: value
                    ? undefined
                    : 'linear-gradient(45deg, transparent 45%, #d32f2f 45%, #d32f2f 55%, transparent 55%)',
                }}
              >
                <Box
                  component="input"
                  type="color"
                  aria-label={label}
                  data-testid={`${testId}-picker`}
                  value={hexOf(value)}
                  onChange={(event) => onChange((event.target as HTMLInputElement).value)}
                  sx={{
                    position: 'absolute',
                    inset: 0,
                    opacity: 0,
                    width: '100%',
                    height: '100%',
                    cursor: 'pointer',
                  }}
                />
              </Box>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
