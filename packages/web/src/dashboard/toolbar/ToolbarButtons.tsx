import type { Dashboard } from '@meridian/common';
import Download from '@mui/icons-material/Download';
import Fullscreen from '@mui/icons-material/Fullscreen';
import FullscreenExit from '@mui/icons-material/FullscreenExit';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadJson } from '../../components/entity-table/download';
import { exportedDashboard } from '../../features/dashboards/dashboard-values';
import { dashboardSelectors } from '../selectors';

/** Downloads the dashboard as the JSON file the dashboards page imports (reference console §5.6). */
export function ExportDashboardButton({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation();
  const label = t('dashboard-viewer.export');
  return (
    <Tooltip title={label}>
      <IconButton
        aria-label={label}
        data-testid={dashboardSelectors.export}
        onClick={() => downloadJson(`${dashboard.title}.json`, exportedDashboard(dashboard))}
      >
        <Download />
      </IconButton>
    </Tooltip>
  );
}

/** Shows the dashboard on the whole screen through the browser's Fullscreen API. */
export function FullscreenButton({ target }: { target: () => HTMLElement | null }) {
  const { t } = useTranslation();
  const [active, setActive] = useState(() => document.fullscreenElement !== null);
  useEffect(() => {
    const changed = () => setActive(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);
  if (!document.fullscreenEnabled) return null;
  const label = t(active ? 'dashboard-viewer.exit-fullscreen' : 'dashboard-viewer.fullscreen');
  return (
    <Tooltip title={label}>
      <IconButton
        aria-label={label}
        aria-pressed={active}
        data-testid={dashboardSelectors.fullscreen}
        onClick={() => {
          if (document.fullscreenElement) void document.exitFullscreen();
          else void target()?.requestFullscreen();
        }}
      >
        {active ? <FullscreenExit /> : <Fullscreen />}
      </IconButton>
    </Tooltip>
  );
}
