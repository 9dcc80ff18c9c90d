import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../i18n/useFormatters';
import { durationParts, type SubscriptionWindow } from './runtime/subscription-window';
import { dashboardSelectors } from './selectors';

const UNIT_KEYS = {
  DAYS: 'audit.interval-days',
  HOURS: 'audit.interval-hours',
  MINUTES: 'audit.interval-minutes',
  SECONDS: 'audit.interval-seconds',
} as const;

/**
 * The viewer's toolbar: the dashboard title, the state selector (`states`), the time window the
 * widgets show and the viewer's buttons (`buttons`). `end` holds what the page adds (user menu).
 */
export function DashboardToolbar({
  title,
  titleColor,
  window,
  showTimewindow,
  states,
  buttons,
  end,
}: {
  title: string | null;
  titleColor: string | null;
  window: SubscriptionWindow;
  showTimewindow: boolean;
  states?: ReactNode;
  buttons?: ReactNode;
  end?: ReactNode;
}) {
  const { t } = useTranslation();
  const formats = useFormatters();
  let windowText: string;
  if (window.kind === 'realtime') {
    const { unit, count } = durationParts(window.timewindowMs);
    windowText = t('dashboard-viewer.realtime-last', { interval: t(UNIT_KEYS[unit], { count }) });
  } else {
    windowText = t('dashboard-viewer.history-range', {
      start: formats.dateTime(window.startTs),
      end: formats.dateTime(window.endTs),
    });
  }
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
        <Typography data-testid={dashboardSelectors.timewindow} variant="body2" color="text.secondary" noWrap>
          {windowText}
        </Typography>
      )}
      {buttons}
      {end}
    </Box>
  );
}
