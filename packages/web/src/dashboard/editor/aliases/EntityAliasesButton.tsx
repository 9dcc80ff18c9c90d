import { isJsonObject } from '@meridian/common';
import DevicesOther from '@mui/icons-material/DevicesOther';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardEditor } from '../useDashboardEditor';
import { aliasSelectors } from './alias-selectors';

// The dialog and its pickers load when it is first opened.
const EntityAliasesDialog = lazy(() =>
  import('./EntityAliasesDialog').then((module) => ({ default: module.EntityAliasesDialog })),
);

/** Edit-mode toolbar button opening the entity aliases dialog; its Save is one undoable edit. */
export function EntityAliasesButton({ editor }: { editor: DashboardEditor }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const label = t('dashboard-aliases.title');
  const configuration = editor.configuration;
  return (
    <>
      <Tooltip title={label}>
        <IconButton aria-label={label} data-testid={aliasSelectors.open} onClick={() => setOpen(true)}>
          <DevicesOther />
        </IconButton>
      </Tooltip>
      {open && isJsonObject(configuration) && (
        <Suspense fallback={null}>
          <EntityAliasesDialog
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
