import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../entity-table/DialogFrame';
import { colorPickerTestIds } from './color-input-selectors';
import { hexForNativeInput, isColor, PALETTE } from './color-value';

/**
 * The colour picker dialog (spec 3 §2.1): a palette, the browser's own picker for any other colour
 * and the colour as text; Select only when a valid colour is chosen and changed.
 */
export function ColorPickerDialog({
  value,
  onSelect,
  onClose,
}: {
  value: string;
  onSelect: (color: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [color, setColor] = useState(value);
  const valid = isColor(color);
  const native = hexForNativeInput(color) ?? '#000000';
  return (
    <DialogFrame
      title={t('color-input.pick-color')}
      onClose={onClose}
      maxWidth="sm"
      testId={colorPickerTestIds.dialog}
      actions={
        <>
          <Button onClick={onClose} data-testid={colorPickerTestIds.cancel}>
            {t('action.cancel')}
          </Button>
          <Button
            variant="contained"
            disabled={!valid || color.trim() === value.trim()}
            onClick={() => onSelect(color.trim())}
            data-testid={colorPickerTestIds.select}
          >
            {t('color-input.select')}
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(8, 36px)', gap: 1, mb: 2 }}>
        {PALETTE.map((swatch) => (
          <ButtonBase
            key={swatch}
            aria-label={swatch}
            aria-pressed={swatch === color.trim().toLowerCase()}
            data-testid={colorPickerTestIds.swatch(swatch)}
            onClick={() => setColor(swatch)}
            sx={{
              width: 36,
              height: 36,
              borderRadius: 1,
              bgcolor: swatch,
              border: 1,
              borderColor: 'divider',
              outline: swatch === color.trim().toLowerCase() ? '2px solid' : 'none',
              outlineColor: 'primary.main',
              outlineOffset: 2,
            }}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <Box
          component="input"
          type="color"
          aria-label={t('color-input.custom-color')}
          value={native}
          onChange={(event) => setColor((event.target as HTMLInputElement).value)}
          sx={{ width: 56, height: 40, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
        />
        <TextField
          label={t('color-input.color')}
          size="small"
          value={color}
          onChange={(event) => setColor(event.target.value)}
          error={color.trim() !== '' && !valid}
          helperText={color.trim() !== '' && !valid ? t('color-input.invalid-color') : ' '}
          slotProps={{ htmlInput: { 'data-testid': colorPickerTestIds.text } }}
          sx={{ flex: 1 }}
        />
      </Box>
    </DialogFrame>
  );
}
