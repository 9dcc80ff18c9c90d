import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { homeDashboardQuery } from '../../api/dashboards';
import { MenuIcon } from '../../app/layout/MenuIcon';
import { userDisplayName } from '../../app/layout/user-display';
import { visibleHomeSections } from '../../app/menu/menu';
import { useAuthState } from '../../app/services/useAuthState';
import { useServices } from '../../app/services/useServices';
import { DashboardViewer } from '../../dashboard/DashboardViewer';
import { selectors } from '../../selectors';

/**
 * Home: the user's home dashboard (their own, their customer's or their tenant's, as the server
 * resolves it) when one is set, shown as dashboards/{id} shows it (editable there by the tenant's
 * administrators, as on its own page); otherwise shortcut cards grouped
 * like the side menu of the user's authority. System administrators have no home dashboard.
 */
export function HomePage() {
  const { http } = useServices();
  const { authUser } = useAuthState();
  const userId = authUser && authUser.authority !== 'SYS_ADMIN' ? authUser.userId : '';
  const home = useQuery({ ...homeDashboardQuery(http, userId), enabled: userId !== '' });
  if (userId !== '' && home.isPending) {
    return (
      <Box data-testid={selectors.home.page} sx={{ display: 'flex' }}>
        <CircularProgress data-testid={selectors.home.loading} sx={{ m: 'auto' }} />
      </Box>
    );
  }
  if (userId !== '' && home.data) {
    return (
      // Fills the shell's content area, as the dashboard page does.
      <Box
        data-testid={selectors.home.page}
        sx={{
          height: 'calc(100vh - 140px)',
          minHeight: 320,
          display: 'flex',
          flexDirection: 'column',
          m: -2,
        }}
      >
        <Box
          data-testid={selectors.home.dashboard}
          sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
        >
          <DashboardViewer dashboard={home.data} hideToolbar={home.data.hideDashboardToolbar} editable />
        </Box>
      </Box>
    );
  }
  return <HomeShortcuts />;
}

/** The shortcut cards grouped like the side menu of the user's authority. */
function HomeShortcuts() {
  const { t } = useTranslation();
  const state = useAuthState();
  const { authUser, edgesSupportEnabled } = state;
  const sections = useMemo(
    () => (authUser ? visibleHomeSections({ authority: authUser.authority, edgesSupportEnabled }) : []),
    [authUser, edgesSupportEnabled],
  );
  return (
    <Box data-testid={selectors.home.page}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('home.welcome', { name: userDisplayName(state) })}
      </Typography>
      {sections.length === 0 ? (
        <Typography color="text.secondary">{t('home.no-sections')}</Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
          }}
        >
          {sections.map((section) => (
            <Card
              key={section.id}
              component="section"
              aria-label={t(section.name)}
              data-testid={selectors.home.section(section.id)}
            >
              <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>
                  {t(section.name)}
                </Typography>
                <Box
                  sx={{
                    display: 'grid',
                    gap: 1,
                    gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
                  }}
                >
                  {section.links.map((link) => (
                    <Button
                      key={link.id}
                      component={RouterLink}
                      to={link.path}
                      variant="outlined"
                      data-testid={selectors.home.link(link.path)}
                      sx={{ flexDirection: 'column', gap: 1, py: 2, textTransform: 'none' }}
                    >
                      <MenuIcon name={link.icon} sx={{ fontSize: 40 }} />
                      {t(link.name)}
                    </Button>
                  ))}
                </Box>
              </CardContent>
            </Card>
          ))}
        </Box>
      )}
    </Box>
  );
}
