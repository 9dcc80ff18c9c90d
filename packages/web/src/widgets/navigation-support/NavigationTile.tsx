import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { navigationSelectors as s } from './selectors';

export interface NavigationTileProps {
  path: string;
  name: string;
  icon: ReactNode;
}

/** One navigation card: an icon over a name, a client-side link to a console page. */
export function NavigationTile({ path, name, icon }: NavigationTileProps) {
  return (
    <Paper variant="outlined" sx={{ height: '100%', minHeight: 96, overflow: 'hidden' }}>
      <ButtonBase
        component={Link}
        to={path}
        data-testid={s.card(path)}
        data-navigation-card=""
        sx={(theme) => ({
          width: '100%',
          height: '100%',
          p: 1.5,
          display: 'flex',
          flexDirection: 'column',
          gap: 1,
          color: theme.palette.primary.main,
          '&:hover': { bgcolor: theme.palette.action.hover },
        })}
      >
        {icon}
        <Typography
          variant="body2"
          component="span"
          sx={{ color: 'text.primary', textTransform: 'uppercase', fontWeight: 500, textAlign: 'center' }}
        >
          {name}
        </Typography>
      </ButtonBase>
    </Paper>
  );
}
