import type { Timewindow } from '@meridian/common';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { TimewindowButton } from '../components/timewindow/TimewindowButton';
import { dashboardSelectors } from './selectors';

/**
 * The viewer's toolbar: the dashboard title, the state selector (`states`), the time window the
 * widgets show (a button opening the time-window panel) and the viewer's buttons (`buttons`).
 * `end` holds what the page adds (user menu).
 */
export function DashboardToolbar({
  title,
  titleColor,
  logoUrl = null,
  timewindow,
  onTimewindowChange,
  showTimewindow,
  states,
  buttons,
  end,
}: {
  title: string | null;
  titleColor: string | null;
  /** The dashboard's logo, before the title. */
  logoUrl?: string | null;
  timewindow: Timewindow | undefined;
  onTimewindowChange: (timewindow: Timewindow) => void;
  showTimewindow: boolean;
  states?: ReactNode;
  buttons?: ReactNode;
  end?: ReactNode;
}) {
  return (
    <Box
      data-testid={dashboardSelectors.toolbar}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        px: 2,
        minHeight: 48,
        flexWrap: 'wrap',
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {logoUrl && (
        <Box
          component="img"
          src={logoUrl}
          alt=""
          data-testid={dashboardSelectors.logo}
          sx={{ height: 32, maxWidth: 160, objectFit: 'contain' }}
        />
      )}
      {title !== null && (
        <Typography
          data-testid={dashboardSelectors.title}
          variant="h6"
          component="h1"
          noWrap
          sx={{ flexShrink: 1, minWidth: 0, color: titleColor ?? 'text.primary' }}
        >
          {title}
        </Typography>
      )}
      {states}
      <Box sx={{ flex: 1 }} />
      {showTimewindow && (
        <TimewindowButton
          value={timewindow}
          onChange={onTimewindowChange}
          testIdPrefix={dashboardSelectors.timewindow}
          variant="text"
        />
      )}
      {buttons}
      {end}
    </Box>
  );
}
