import type { EditorShortcut } from '../../components/shortcuts/ShortcutCheatSheet';

/**
 * The shortcuts of the dashboard's edit mode (reference §5.3), as DashboardEditSession's key handler
 * carries them out, in the order the cheat sheet lists them. Keep the two in step.
 */
export const DASHBOARD_EDITOR_SHORTCUTS: readonly EditorShortcut[] = [
  { keys: ['Ctrl+C'], description: 'dashboard-editor.shortcut-copy' },
  { keys: ['Ctrl+V'], description: 'dashboard-editor.shortcut-paste' },
  { keys: ['Ctrl+R'], description: 'dashboard-editor.shortcut-copy-reference' },
  { keys: ['Ctrl+I'], description: 'dashboard-editor.shortcut-paste-reference' },
  { keys: ['Del'], description: 'dashboard-editor.shortcut-delete' },
  { keys: ['Ctrl+Z'], description: 'dashboard-editor.shortcut-undo' },
  { keys: ['Ctrl+Y', 'Ctrl+Shift+Z'], description: 'dashboard-editor.shortcut-redo' },
  { keys: ['?'], description: 'dashboard-editor.shortcut-help' },
];
