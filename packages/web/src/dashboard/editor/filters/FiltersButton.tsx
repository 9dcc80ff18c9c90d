import FilterList from '@mui/icons-material/FilterList';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfigurationDialogButton } from '../ConfigurationDialogButton';
import type { DashboardEditor } from '../useDashboardEditor';
import { filterSelectors } from './filter-selectors';

// The dialog and its editors load when it is first opened.
const FiltersDialog = lazy(() =>
  import('./FiltersDialog').then((module) => ({ default: module.FiltersDialog })),
);

/** Edit-mode toolbar button opening the filters dialog. */
export function FiltersButton({ editor }: { editor: DashboardEditor }) {
  const { t } = useTranslation();
  return (
    <ConfigurationDialogButton
      editor={editor}
      label={t('dashboard-filters.title')}
      icon={<FilterList />}
      testId={filterSelectors.open}
      Dialog={FiltersDialog}
    />
  );
}
