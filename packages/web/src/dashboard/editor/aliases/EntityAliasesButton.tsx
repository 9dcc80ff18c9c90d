import DevicesOther from '@mui/icons-material/DevicesOther';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfigurationDialogButton } from '../ConfigurationDialogButton';
import type { DashboardEditor } from '../useDashboardEditor';
import { aliasSelectors } from './alias-selectors';

// The dialog and its pickers load when it is first opened.
const EntityAliasesDialog = lazy(() =>
  import('./EntityAliasesDialog').then((module) => ({ default: module.EntityAliasesDialog })),
);

/** Edit-mode toolbar button opening the entity aliases dialog. */
export function EntityAliasesButton({ editor }: { editor: DashboardEditor }) {
  const { t } = useTranslation();
  return (
    <ConfigurationDialogButton
      editor={editor}
      label={t('dashboard-aliases.title')}
      icon={<DevicesOther />}
      testId={aliasSelectors.open}
      Dialog={EntityAliasesDialog}
    />
  );
}
