import Layers from '@mui/icons-material/Layers';
import Settings from '@mui/icons-material/Settings';
import ViewQuilt from '@mui/icons-material/ViewQuilt';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useDashboardEditing } from '../dashboard-edit-context';
import type { ManagerKind } from './manager-kind';
import { managerSelectors } from './manager-selectors';

const BUTTONS: { kind: ManagerKind; label: string; icon: ReactElement; testId: string }[] = [
  {
    kind: 'states',
    label: 'dashboard-managers.manage-states',
    icon: <Layers />,
    testId: managerSelectors.statesButton,
  },
  {
    kind: 'layouts',
    label: 'dashboard-managers.manage-layouts',
    icon: <ViewQuilt />,
    testId: managerSelectors.layoutsButton,
  },
  {
    kind: 'settings',
    label: 'dashboard-managers.settings',
    icon: <Settings />,
    testId: managerSelectors.settingsButton,
  },
];

/** The edit toolbar's managers as icon buttons with tooltips, so the toolbar fits at 1280 px. */
export function ManagerButtons() {
  const { t } = useTranslation();
  const editing = useDashboardEditing();
  if (!editing) return null;
  return (
    <>
      {BUTTONS.map(({ kind, label, icon, testId }) => (
        <Tooltip key={kind} title={t(label)}>
          <IconButton aria-label={t(label)} data-testid={testId} onClick={() => editing.openManager(kind)}>
            {icon}
          </IconButton>
        </Tooltip>
      ))}
    </>
  );
}
