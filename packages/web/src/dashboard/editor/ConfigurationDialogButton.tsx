import { isJsonObject, type JsonObject } from '@meridian/common';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { type ComponentType, type LazyExoticComponent, type ReactNode, Suspense, useState } from 'react';
import type { DashboardEditor } from './useDashboardEditor';

/** A dialog that edits the dashboard configuration and hands back its change on Save. */
export interface ConfigurationDialogProps {
  configuration: JsonObject;
  onClose: () => void;
  onSave: (change: (configuration: JsonObject) => JsonObject) => void;
}

/**
 * An edit-mode toolbar icon button opening a configuration dialog (loaded when first opened); the
 * dialog's Save is one undoable edit.
 */
export function ConfigurationDialogButton({
  editor,
  label,
  icon,
  testId,
  Dialog,
}: {
  editor: DashboardEditor;
  label: string;
  icon: ReactNode;
  testId: string;
  Dialog: LazyExoticComponent<ComponentType<ConfigurationDialogProps>>;
}) {
  const [open, setOpen] = useState(false);
  const configuration = editor.configuration;
  return (
    <>
      <Tooltip title={label}>
        <IconButton aria-label={label} data-testid={testId} onClick={() => setOpen(true)}>
          {icon}
        </IconButton>
      </Tooltip>
      {open && isJsonObject(configuration) && (
        <Suspense fallback={null}>
          <Dialog
            configuration={configuration}
            onClose={() => setOpen(false)}
            onSave={(change) => {
              editor.edit(change);
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
