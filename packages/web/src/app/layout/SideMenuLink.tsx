import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { NavLink, useMatch } from 'react-router';
import { selectors } from '../../selectors';
import { MENU_ITEM_HEIGHT_PX, type MenuLink } from '../menu/menu';
import { MenuIcon } from './MenuIcon';

export interface SideMenuLinkProps {
  link: MenuLink;
  nested?: boolean;
}

export function SideMenuLink({ link, nested = false }: SideMenuLinkProps) {
  const { t } = useTranslation();
  const active = useMatch({ path: link.path, end: false }) !== null;
  return (
    <ListItemButton
      component={NavLink}
      to={link.path}
      selected={active}
      data-testid={selectors.menu.link(link.path)}
      sx={{ height: MENU_ITEM_HEIGHT_PX, pl: nested ? 4 : 2 }}
    >
      <ListItemIcon sx={{ minWidth: 40 }}>
        <MenuIcon name={link.icon} fontSize="small" />
      </ListItemIcon>
      <ListItemText primary={t(link.name)} />
    </ListItemButton>
  );
}
