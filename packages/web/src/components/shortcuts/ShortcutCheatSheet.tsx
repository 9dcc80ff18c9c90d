import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** A key combination of an editor and the i18n key of what it does. */
export interface EditorShortcut {
  keys: string[];
  description: string;
}

/** Toggles the cheat sheet (spec 3: the `?` key). */
export const SHORTCUT_HELP_KEY = '?';

/**
 * The keyboard-shortcut cheat sheet (spec 3 §3): an overlay titled "Keyboard Shortcuts:", each of
 * the editor's shortcuts with what it does, and a close button. It is not modal: the editor keeps
 * the keyboard, so `?` hides it again. Each editor lists the shortcuts its key handler carries out.
 */
export function ShortcutCheatSheet({
  shortcuts,
  onClose,
  testIds,
  sx,
}: {
  shortcuts: readonly EditorShortcut[];
  onClose: () => void;
  testIds: { sheet: string; close: string };
  /** Where the overlay sits (the rule chain editor puts it over its canvas). */
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper
      elevation={8}
      role="dialog"
      aria-labelledby={titleId}
      data-testid={testIds.sheet}
      sx={[
        {
          position: 'absolute',
          top: 16,
          left: '50%',
          transform: 'translateX(-50%)',
          zIndex: 10,
          p: 2,
          width: 'min(560px, calc(100% - 32px))',
          boxSizing: 'border-box',
          maxHeight: 'calc(100% - 32px)',
          overflow: 'auto',
        },
        ...(Array.isArray(sx) ? sx : sx ? [sx] : []),
      ]}
    >
      <Typography id={titleId} variant="h6" sx={{ mb: 1 }}>
        {t('shortcuts.title')}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 3, rowGap: 1, m: 0 }}
      >
        {shortcuts.map(({ keys, description }) => (
          <Box key={description} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start' }}>
              {keys.map((key) => (
                <Box
                  component="kbd"
                  key={key}
                  sx={(theme) => ({
                    fontFamily: 'monospace',
                    fontSize: 12,
                    px: 0.75,
                    py: 0.25,
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 0.5,
                    bgcolor: theme.palette.action.hover,
                  })}
                >
                  {key}
                </Box>
              ))}
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {t(description)}
            </Box>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button onClick={onClose} data-testid={testIds.close}>
          {t('action.close')}
        </Button>
      </Box>
    </Paper>
  );
}
