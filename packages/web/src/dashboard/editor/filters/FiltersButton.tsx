import { isJsonObject } from '@meridian/common';
import FilterList from '@mui/icons-material/FilterList';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardEditor } from '../useDashboardEditor';
import { filterSelectors } from './filter-selectors';

// The dialog and its pickers load when it is first opened.
const FiltersDialog = lazy(() =>
  import('./FiltersDialog').then((module) => ({ default: module.FiltersDialog })),
);

/** Edit-mode toolbar button opening the filters dialog; its Save is one undoable edit. */
export function FiltersButton({ editor }: { editor: DashboardEditor }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const label = t('dashboard-filters.title');
  const configuration = editor.configuration;
  return (
    <>
      <Tooltip title={label}>
        <IconButton aria-label={label} data-testid={filterSelectors.open} onClick={() => setOpen(true)}>
          <FilterList />
        </IconButton>
      </Tooltip>
      {open && isJsonObject(configuration) && (
        <Suspense fallback={null}>
          <FiltersDialog
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
