import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthState } from '../../app/services/useAuthState';
import { DashboardViewer } from '../../dashboard/DashboardViewer';
import { selectors } from '../../selectors';
import { apiUsageDashboard } from './api-usage-dashboard';

/** `/usage`: the tenant's monthly API usage as a read-only dashboard (reference console §3.15). */
export function ApiUsagePage() {
  const { t } = useTranslation();
  const { authUser } = useAuthState();
  const tenantId = authUser?.tenantId ?? '';
  const dashboard = useMemo(() => apiUsageDashboard(t, tenantId), [t, tenantId]);
  return (
    <Box
      data-testid={selectors.apiUsage.page}
      sx={{ height: 'calc(100vh - 140px)', minHeight: 320, display: 'flex', flexDirection: 'column', m: -2 }}
    >
      <DashboardViewer dashboard={dashboard} hideToolbar />
    </Box>
  );
}
