import Apps from '@mui/icons-material/Apps';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MaterialIcon } from '../../dashboard/MaterialIcon';
import { COMMON_MATERIAL_ICONS } from './common-icons';

/**
 * A Material icon by name (spec 3 "Material icon chooser"): the name as text with the icon beside
 * it, and a button opening the chooser of the common icons; clicking one picks it and closes the
 * chooser, Cancel keeps the name. Any other icon name can be typed.
 */
export function MaterialIconInput({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange: (name: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const chooseLabel = t('widget-config.choose-icon');
  return (
    <>
      <TextField
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        size="small"
        margin="dense"
        fullWidth
        slotProps={{
          htmlInput: { 'data-testid': testId, spellCheck: false },
          input: {
            startAdornment: value ? (
              <InputAdornment position="start">
                <MaterialIcon name={value} />
              </InputAdornment>
            ) : undefined,
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={chooseLabel}>
                  <IconButton
                    size="small"
                    edge="end"
                    aria-label={chooseLabel}
                    data-testid={`${testId}-choose`}
                    onClick={() => setOpen(true)}
                  >
                    <Apps fontSize="small" />
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
      {open && (
        <Dialog open onClose={() => setOpen(false)} slotProps={{ paper: { sx: { minWidth: { sm: 600 } } } }}>
          <DialogTitle>{chooseLabel}</DialogTitle>
          <DialogContent dividers>
            <Box
              sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(48px, 1fr))', gap: 1 }}
            >
              {COMMON_MATERIAL_ICONS.map((name) => (
                <Tooltip key={name} title={name}>
                  <ButtonBase
                    aria-label={name}
                    aria-pressed={name === value}
                    data-testid={`${testId}-icon-${name}`}
                    onClick={() => {
                      onChange(name);
                      setOpen(false);
                    }}
                    sx={{
                      height: 48,
                      borderRadius: 1,
                      // Palette callbacks, not 'action.…' strings, which read as message keys.
                      bgcolor: (theme) => (name === value ? theme.palette.action.selected : 'transparent'),
                      '&:hover': { bgcolor: (theme) => theme.palette.action.hover },
                    }}
                  >
                    <MaterialIcon name={name} />
                  </ButtonBase>
                </Tooltip>
              ))}
            </Box>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{t('action.cancel')}</Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
