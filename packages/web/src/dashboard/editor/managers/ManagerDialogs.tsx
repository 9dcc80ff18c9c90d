import { isJsonObject, type JsonObject } from '@meridian/common';
import type { DashboardEditor } from '../useDashboardEditor';
import { LayoutsDialog } from './LayoutsDialog';
import type { ManagerKind } from './manager-kind';
import { SettingsDialog } from './SettingsDialog';
import { StatesDialog } from './StatesDialog';

/**
 * The open manager's dialog; what it saves is one undoable edit of the dashboard. Loaded on first
 * use (this module is imported lazily), so viewers never load the dialogs.
 */
export function ManagerDialogs({
  kind,
  editor,
  stateId,
  onClose,
}: {
  kind: ManagerKind;
  editor: DashboardEditor;
  stateId: string;
  onClose: () => void;
}) {
  const configuration = editor.configuration;
  if (!isJsonObject(configuration)) return null;
  const onSave = (change: (configuration: JsonObject) => JsonObject) => {
    editor.edit(change);
    onClose();
  };
  const props = { configuration, onSave, onClose };
  if (kind === 'states') return <StatesDialog {...props} />;
  if (kind === 'layouts') return <LayoutsDialog {...props} stateId={stateId} />;
  return <SettingsDialog {...props} layoutRef={{ stateId, layoutId: 'main' }} />;
}
