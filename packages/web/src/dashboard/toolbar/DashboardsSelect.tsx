import type { PageLink } from '@meridian/common';
import Dashboard from '@mui/icons-material/Dashboard';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type DashboardScope, dashboardKeys, getScopedDashboards } from '../../api/dashboards';
import { useServices } from '../../app/services/useServices';
import { dashboardSelectors } from '../selectors';

/** Page size of the dashboard selector (spec 3 §9). */
export const DASHBOARD_SELECTOR_PAGE_SIZE = 100;

/**
 * Switches to another dashboard (spec 3 §2.2 "Dashboard selector"): a dropdown on large screens, an
 * icon button with a floating list on smaller ones.
 */
export function DashboardsSelect({
  scope,
  currentId,
  fullScreen,
}: {
  scope: DashboardScope;
  currentId: string;
  fullScreen: boolean;
}) {
  const { t } = useTranslation();
  const { http } = useServices();
  const navigate = useNavigate();
  const large = useMediaQuery((theme) => theme.breakpoints.up('md'));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pageLink: PageLink = {
    pageSize: DASHBOARD_SELECTOR_PAGE_SIZE,
    page: 0,
    sortOrder: { property: 'title', direction: 'ASC' },
  };
  const dashboards = useQuery({
    queryKey: dashboardKeys.page(scope, pageLink),
    queryFn: ({ signal }) => getScopedDashboards(http, scope, pageLink, { signal }),
  });
  const list = dashboards.data?.data ?? [];
  if (list.length < 2) return null;
  const open = (id: string) => {
    setAnchor(null);
    if (id !== currentId) navigate(`/${fullScreen ? 'dashboard' : 'dashboards'}/${id}`);
  };
  const label = t('dashboard-viewer.dashboards');
  if (large) {
    return (
      <TextField
        select
        size="small"
        variant="standard"
        label={label}
        value={list.some((d) => d.id.id === currentId) ? currentId : ''}
        onChange={(event) => open(event.target.value)}
        slotProps={{ htmlInput: { 'data-testid': dashboardSelectors.dashboardsSelect } }}
        sx={{ minWidth: 180, maxWidth: 260 }}
      >
        {list.map((dashboard) => (
          <MenuItem key={dashboard.id.id} value={dashboard.id.id}>
            {dashboard.title}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          aria-label={label}
          data-testid={dashboardSelectors.dashboardsSelect}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Dashboard />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {list.map((dashboard) => (
          <MenuItem
            key={dashboard.id.id}
            selected={dashboard.id.id === currentId}
            onClick={() => open(dashboard.id.id)}
          >
            <ListItemText>{dashboard.title}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
