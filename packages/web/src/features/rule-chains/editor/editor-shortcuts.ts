import type { EditorShortcut } from '../../../components/shortcuts/ShortcutCheatSheet';

/**
 * The shortcuts RuleChainEditor's key handler carries out, in the order the cheat sheet lists them.
 * Keep the two in step: the sheet tells what the keys do.
 */
export const RULE_CHAIN_EDITOR_SHORTCUTS: readonly EditorShortcut[] = [
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
