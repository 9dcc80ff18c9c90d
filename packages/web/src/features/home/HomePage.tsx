import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MenuIcon } from '../../app/layout/MenuIcon';
import { userDisplayName } from '../../app/layout/user-display';
import { visibleHomeSections } from '../../app/menu/menu';
import { useAuthState } from '../../app/services/useAuthState';
import { selectors } from '../../selectors';

/** Home: shortcut cards grouped like the side menu of the user's authority. */
export function HomePage() {
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
