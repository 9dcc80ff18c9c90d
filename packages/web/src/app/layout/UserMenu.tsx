import AccountCircle from '@mui/icons-material/AccountCircle';
import ExitToApp from '@mui/icons-material/ExitToApp';
import MoreVert from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogout } from '../../api/auth';
import { selectors } from '../../selectors';
import { useCan } from '../permissions/useCan';
import { useAuthState } from '../services/useAuthState';
import { useColorSchemeMenuItems } from './useColorSchemeMenuItems';
import { authorityLabelKey, userDisplayName } from './user-display';

/** The user menu of spec 3 §2.2: display name and authority, Profile, the theme and Log out. */
export function UserMenu() {
  const { t } = useTranslation();
  const state = useAuthState();
  const navigate = useNavigate();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = userDisplayName(state);
  const authority = t(authorityLabelKey(state));
  const anonymous = !state.authUser || state.authUser.authority === 'ANONYMOUS';
  const showProfile = useCan('viewProfile');
  const colorSchemeItems = useColorSchemeMenuItems();
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={t('home.user-menu')}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        data-testid={selectors.shell.userMenuButton}
        sx={{ textTransform: 'none', gap: 1, minWidth: 0 }}
      >
        <AccountCircle />
        <Box
          sx={{
            display: { xs: 'none', md: 'flex' },
            flexDirection: 'column',
            alignItems: 'flex-start',
            lineHeight: 1.2,
          }}
        >
          <Typography
            variant="body2"
            component="span"
            data-testid={selectors.shell.userDisplayName}
            sx={{ fontWeight: 500 }}
          >
            {name}
          </Typography>
          <Typography
            variant="caption"
            component="span"
            data-testid={selectors.shell.userAuthority}
            sx={{ opacity: 0.8 }}
          >
            {authority}
          </Typography>
        </Box>
        <MoreVert fontSize="small" />
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        <Box sx={{ px: 2, py: 1 }}>
          <Typography variant="subtitle2">{name}</Typography>
          <Typography variant="caption" color="text.secondary">
            {authority}
          </Typography>
        </Box>
        {!anonymous && <Divider />}
        {showProfile && (
          <MenuItem
            onClick={() => {
              close();
              navigate('/profile');
            }}
            data-testid={selectors.shell.userMenuProfile}
          >
            <ListItemIcon>
              <AccountCircle fontSize="small" />
            </ListItemIcon>
            {t('home.profile')}
          </MenuItem>
        )}
        <Divider />
        {colorSchemeItems}
        {!anonymous && <Divider />}
        {!anonymous && (
          <MenuItem
            onClick={() => {
              close();
              logout.mutate();
            }}
            data-testid={selectors.shell.userMenuLogout}
          >
            <ListItemIcon>
              <ExitToApp fontSize="small" />
            </ListItemIcon>
            {t('home.logout')}
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
