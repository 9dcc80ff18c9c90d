import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/Logo';
import { selectors } from '../../selectors';
import { visibleMenu } from '../menu/menu';
import { PRODUCT_NAME } from '../product';
import { useAuthState } from '../services/useAuthState';
import { SideMenuLink } from './SideMenuLink';
import { SideMenuToggle } from './SideMenuToggle';

export interface SideMenuProps {
  open: boolean;
  /** 'side' on wide screens (pushes the content), 'over' on narrow ones (modal). */
  mode: 'side' | 'over';
  width: number | string;
  onClose: () => void;
}

/** The side menu of the home shell: the implemented pages of the user's authority. */
export function SideMenu({ open, mode, width, onClose }: SideMenuProps) {
  const { t } = useTranslation();
  const { authUser, edgesSupportEnabled } = useAuthState();
  const sections = useMemo(
    () => (authUser ? visibleMenu({ authority: authUser.authority, edgesSupportEnabled }) : []),
    [authUser, edgesSupportEnabled],
  );
  const content = (
    <Box
      component="nav"
      aria-label={t('home.menu')}
      data-testid={selectors.shell.sideMenu}
      sx={{ width, overflowX: 'hidden' }}
    >
      {/* Matches the toolbar: primary in light mode, a dark surface (MUI's dark app bar) in dark mode. */}
      <Box
        sx={(theme) => ({
          height: 64,
          px: 2,
          display: 'flex',
          alignItems: 'center',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          ...theme.applyStyles('dark', { bgcolor: 'background.paper', color: 'text.primary' }),
        })}
      >
        <Logo title={PRODUCT_NAME} inverted />
      </Box>
      <List dense disablePadding sx={{ py: 1 }}>
        {sections.map((section) =>
          section.type === 'link' ? (
            <SideMenuLink key={section.id} link={section} />
          ) : (
            <SideMenuToggle key={section.id} toggle={section} />
          ),
        )}
      </List>
    </Box>
  );
  if (mode === 'over') {
    return (
      <Drawer variant="temporary" open={open} onClose={onClose} ModalProps={{ keepMounted: true }}>
        {content}
      </Drawer>
    );
  }
  return (
    <Drawer
      variant="persistent"
      open={open}
      sx={{
        width: open ? width : 0,
        flexShrink: 0,
        transition: (theme) => theme.transitions.create('width'),
        '& .MuiDrawer-paper': { width, boxSizing: 'border-box' },
      }}
    >
      {content}
    </Drawer>
  );
}
