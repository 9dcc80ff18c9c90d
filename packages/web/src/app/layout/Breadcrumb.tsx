import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useMatches } from 'react-router';
import { selectors } from '../../selectors';
import type { MenuIconName } from '../menu/menu';
import { routeMeta } from '../routes/route-meta';
import { MenuIcon } from './MenuIcon';

interface Crumb {
  path: string;
  label: string;
  icon: MenuIconName;
}

/**
 * Breadcrumb built from the matched routes (spec 3 §2.2): each crumb links to its accumulated
 * path, the last one is plain text; on narrow screens only the last one shows, as a heading.
 */
export function Breadcrumb() {
  const { t } = useTranslation();
  const matches = useMatches();
  const theme = useTheme();
  const narrow = !useMediaQuery(theme.breakpoints.up('md'));
  const crumbs: Crumb[] = [];
  for (const match of matches) {
    const data = routeMeta(match.handle).breadcrumb;
    if (data && !data.skip) {
      crumbs.push({ path: match.pathname, label: t(data.label ?? 'home.home'), icon: data.icon ?? 'home' });
    }
  }
  const last = crumbs[crumbs.length - 1];
  if (!last) {
    return null;
  }
  if (narrow) {
    return (
      <Typography variant="h6" component="h2" noWrap data-testid={selectors.shell.breadcrumb}>
        {last.label}
      </Typography>
    );
  }
  return (
    <Breadcrumbs
      aria-label={t('home.breadcrumb')}
      data-testid={selectors.shell.breadcrumb}
      sx={{ color: 'inherit' }}
    >
      {crumbs.map((crumb, index) => {
        const content = (
          <Box
            key="content"
            component="span"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}
          >
            <MenuIcon name={crumb.icon} fontSize="small" />
            {crumb.label}
          </Box>
        );
        return index === crumbs.length - 1 ? (
          <Typography key={crumb.path} color="inherit" aria-current="page" sx={{ fontWeight: 500 }}>
            {content}
          </Typography>
        ) : (
          <Link key={crumb.path} component={RouterLink} to={crumb.path} color="inherit" underline="hover">
            {content}
          </Link>
        );
      })}
    </Breadcrumbs>
  );
}
