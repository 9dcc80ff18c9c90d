import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch, useParams, useSearchParams } from 'react-router';
import { viewedDashboardQuery } from '../../api/dashboard-runtime';
import { UserMenu } from '../../app/layout/UserMenu';
import { useAuthState } from '../../app/services/useAuthState';
import { useServices } from '../../app/services/useServices';
import { NotFoundNotice } from '../../components/NotFoundNotice';
import { DashboardViewer } from '../../dashboard/DashboardViewer';
import { hasConsoleMessages, loadConsoleMessages } from '../../i18n/i18n';

/**
 * dashboards/{id} (in the console shell) and the full-screen dashboard/{id} with its query
 * parameters (spec 1 §2): `hideToolbar=true` hides the toolbar, `embedded=true` leaves the user menu
 * out. Public sessions (`publicId`) are opened by the route guard before this page shows.
 */
export function DashboardPage() {
  const { i18n } = useTranslation();
  const standalone = useMatch('/dashboard/:dashboardId') !== null;
  // The full-screen route is outside the home shell, which loads the console messages otherwise.
  const [ready, setReady] = useState(() => hasConsoleMessages(i18n));
  useEffect(() => {
    let live = true;
    const done = () => live && setReady(true);
    loadConsoleMessages(i18n).then(done, done);
    return () => {
      live = false;
    };
  }, [i18n]);
  const content = ready ? <DashboardContent standalone={standalone} /> : <Loading />;
  return standalone ? (
    <Box sx={{ height: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      {content}
    </Box>
  ) : (
    // Fills the shell's content area, as the reference's dashboard page does.
    <Box
      sx={{ height: 'calc(100vh - 140px)', minHeight: 320, display: 'flex', flexDirection: 'column', m: -2 }}
    >
      {content}
    </Box>
  );
}

function Loading() {
  return <CircularProgress sx={{ m: 'auto' }} />;
}

function DashboardContent({ standalone }: { standalone: boolean }) {
  const { t } = useTranslation();
  const { http, auth } = useServices();
  const { authUser } = useAuthState();
  const { dashboardId = '' } = useParams();
  const [search] = useSearchParams();
  const dashboard = useQuery(viewedDashboardQuery(http, dashboardId));

  useEffect(() => {
    if (authUser?.isPublic && dashboardId) {
      auth.setLastPublicDashboardId(dashboardId);
    }
  }, [auth, authUser, dashboardId]);

  if (dashboard.isError) {
    return (
      <NotFoundNotice
        title={t('dashboard-viewer.not-found')}
        message={t('dashboard-viewer.not-found-text')}
        linkTo="/home"
        linkLabel={t('home.home')}
      />
    );
  }
  if (!dashboard.data) return <Loading />;
  const embedded = search.get('embedded') === 'true';
  return (
    <DashboardViewer
      dashboard={dashboard.data}
      hideToolbar={search.get('hideToolbar') === 'true'}
      fullScreen={standalone}
      editable
      toolbarEnd={standalone && !embedded && !authUser?.isPublic ? <UserMenu /> : undefined}
    />
  );
}
