import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { selectors } from '../../../selectors';

/** A key combination of the editor and the i18n key of what it does. */
export interface EditorShortcut {
  keys: string[];
  description: string;
}

/**
 * The shortcuts RuleChainEditor's key handler carries out, in the order the cheat sheet lists them.
 * Keep the two in step: the sheet tells what the keys do.
 */
export const EDITOR_SHORTCUTS: readonly EditorShortcut[] = [
  { keys: ['Ctrl+A'], description: 'rule-chain-editor.shortcut-select-all' },
  { keys: ['Esc'], description: 'rule-chain-editor.shortcut-deselect' },
  { keys: ['Ctrl+C'], description: 'rule-chain-editor.shortcut-copy' },
  { keys: ['Ctrl+V'], description: 'rule-chain-editor.shortcut-paste' },
  { keys: ['Del', 'Backspace'], description: 'rule-chain-editor.shortcut-delete' },
  { keys: ['Ctrl+Z'], description: 'rule-chain-editor.shortcut-undo' },
  { keys: ['Ctrl+Y', 'Ctrl+Shift+Z'], description: 'rule-chain-editor.shortcut-redo' },
  { keys: ['Ctrl+S'], description: 'rule-chain-editor.shortcut-save' },
  { keys: ['Ctrl+R'], description: 'rule-chain-editor.shortcut-nested-chain' },
  { keys: ['?'], description: 'rule-chain-editor.shortcut-help' },
];

/**
 * The keyboard-shortcut cheat sheet (spec 3 §3): an overlay on the canvas titled "Keyboard
 * Shortcuts:", each shortcut with what it does, and a close button. It is not modal: the canvas
 * keeps the keyboard, so `?` hides it again.
 */
export function ShortcutCheatSheet({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper
      elevation={8}
      role="dialog"
      aria-labelledby="rule-chain-shortcuts-title"
      data-testid={selectors.ruleChains.shortcuts.sheet}
      sx={{
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
      }}
    >
      <Typography id="rule-chain-shortcuts-title" variant="h6" sx={{ mb: 1 }}>
        {t('rule-chain-editor.shortcuts-title')}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 3, rowGap: 1, m: 0 }}
      >
        {EDITOR_SHORTCUTS.map(({ keys, description }) => (
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
        <Button onClick={onClose} data-testid={selectors.ruleChains.shortcuts.close}>
          {t('action.close')}
        </Button>
      </Box>
    </Paper>
  );
}
