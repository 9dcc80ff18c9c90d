import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { selectors } from '../../selectors';
import { MENU_ITEM_HEIGHT_PX, type MenuToggle } from '../menu/menu';
import { MenuIcon } from './MenuIcon';
import { SideMenuLink } from './SideMenuLink';

export interface SideMenuToggleProps {
  toggle: MenuToggle;
}

/** An expandable menu group; it opens by itself when one of its pages is active. */
export function SideMenuToggle({ toggle }: SideMenuToggleProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const inside = pathname === toggle.path || pathname.startsWith(`${toggle.path}/`);
  const [open, setOpen] = useState(inside);
  const listId = useId();
  useEffect(() => {
    if (inside) {
      setOpen(true);
    }
  }, [inside]);
  return (
    <>
      <ListItemButton
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={listId}
        data-testid={selectors.menu.toggle(toggle.id)}
        sx={{ height: MENU_ITEM_HEIGHT_PX }}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>
          <MenuIcon name={toggle.icon} fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={t(toggle.name)} />
        {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" id={listId}>
        <List dense disablePadding sx={{ height: toggle.height }}>
          {toggle.pages.map((page) => (
            <SideMenuLink key={page.id} link={page} nested />
          ))}
        </List>
      </Collapse>
    </>
  );
}
