import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useMatch, useParams } from 'react-router';
import { UserMenu } from '../../app/layout/UserMenu';
import { PRODUCT_NAME } from '../../app/product';
import { useAuthState } from '../../app/services/useAuthState';
import { useServices } from '../../app/services/useServices';
import { Logo } from '../../components/Logo';
import { selectors } from '../../selectors';

/**
 * dashboard/{id} and dashboards/{id} until the dashboard viewer lands: keeps the default-dashboard
 * and public-dashboard routes working (no redirect loops) and records the last public dashboard.
 */
export function DashboardPlaceholderPage() {
  const { t } = useTranslation();
  const { auth } = useServices();
  const { dashboardId } = useParams();
  const { authUser, forceFullscreen } = useAuthState();
  const standalone = useMatch('/dashboard/:dashboardId') !== null;

  useEffect(() => {
    if (authUser?.isPublic && dashboardId) {
      auth.setLastPublicDashboardId(dashboardId);
    }
  }, [auth, authUser, dashboardId]);

  const message = (
    <Paper
      data-testid={selectors.dashboard.placeholder}
      sx={{ p: 3, maxWidth: 640, mx: 'auto', mt: standalone ? 4 : 0 }}
    >
      <Typography variant="h6" component="h1" gutterBottom>
        {t('dashboard.dashboard-id', { id: dashboardId ?? '' })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('dashboard.viewer-unavailable')}
      </Typography>
      {!forceFullscreen && (
        <Button component={RouterLink} to="/home" variant="outlined">
          {t('home.home')}
        </Button>
      )}
    </Paper>
  );
  if (!standalone) {
    return message;
  }
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="static" elevation={1}>
        <Toolbar sx={{ justifyContent: 'space-between' }}>
          <Logo title={PRODUCT_NAME} inverted />
          <UserMenu />
        </Toolbar>
      </AppBar>
      {message}
    </Box>
  );
}
