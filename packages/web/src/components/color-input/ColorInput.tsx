import Clear from '@mui/icons-material/Clear';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorPickerDialog } from './ColorPickerDialog';
import { isColor } from './color-value';

/**
 * A colour field (spec 3 §2.2 "Colour input"): the colour as text with a preview swatch opening the
 * colour picker dialog, an optional clear button, and the supplied error text when a required
 * colour is missing. Empty means no colour.
 */
export function ColorInput({
  label,
  value,
  onChange,
  clearable = true,
  required = false,
  requiredText,
  testId,
}: {
  label: string;
  value: string;
  onChange: (color: string) => void;
  clearable?: boolean;
  required?: boolean;
  requiredText?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const missing = required && value.trim() === '';
  const invalid = value.trim() !== '' && !isColor(value);
  const pick = t('color-input.pick-color');
  return (
    <>
      <TextField
        label={label}
        fullWidth
        value={value}
        required={required}
        onChange={(event) => onChange(event.target.value)}
        error={missing || invalid}
        helperText={missing ? requiredText : invalid ? t('color-input.invalid-color') : undefined}
        slotProps={{
          htmlInput: { 'data-testid': testId },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <ButtonBase
                  aria-label={pick}
                  title={pick}
                  data-testid={testId ? `${testId}-swatch` : undefined}
                  onClick={() => setPicking(true)}
                  sx={{ borderRadius: 0.5 }}
                >
                  <Box
                    sx={{
                      width: 24,
                      height: 24,
                      borderRadius: 0.5,
                      border: 1,
                      borderColor: 'divider',
                      // An empty colour shows as a checkerboard: transparent.
                      background: isColor(value)
                        ? value
                        : 'repeating-conic-gradient(#ccc 0 25%, #fff 0 50%) 0 0 / 8px 8px',
                    }}
                  />
                </ButtonBase>
              </InputAdornment>
            ),
            endAdornment:
              clearable && value ? (
                <InputAdornment position="end">
                  <IconButton size="small" aria-label={t('action.clear')} onClick={() => onChange('')}>
                    <Clear fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : undefined,
          },
        }}
      />
      {picking && (
        <ColorPickerDialog
          value={value}
          onClose={() => setPicking(false)}
          onSelect={(color) => {
            setPicking(false);
            onChange(color);
          }}
        />
      )}
    </>
  );
}
