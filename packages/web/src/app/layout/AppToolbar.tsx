import ArrowBack from '@mui/icons-material/ArrowBack';
import MenuIconGlyph from '@mui/icons-material/Menu';
import Search from '@mui/icons-material/Search';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { selectors } from '../../selectors';
import type { SearchTextHandler } from '../search/page-search-context';
import { SearchController } from '../search/search-controller';
import { useServices } from '../services/useServices';
import { Breadcrumb } from './Breadcrumb';
import { FullscreenToggle } from './FullscreenToggle';
import { ToolbarSearch } from './ToolbarSearch';
import { UserMenu } from './UserMenu';

export interface AppToolbarProps {
  menuOpen: boolean;
  onToggleMenu: () => void;
  /** Forced-fullscreen users get a back button instead of the menu button. */
  forcedFullscreen: boolean;
  /** The active page's search handler; the search toggle shows only when there is one. */
  searchHandler: SearchTextHandler | null;
}

/** Top bar of the home shell: menu (or back), breadcrumb or search, fullscreen and the user menu. */
export function AppToolbar({ menuOpen, onToggleMenu, forcedFullscreen, searchHandler }: AppToolbarProps) {
  const { t } = useTranslation();
  const { auth } = useServices();
  const navigate = useNavigate();
  const [searchOpen, setSearchOpen] = useState(false);
  const controller = useMemo(
    () => (searchHandler ? new SearchController(searchHandler) : null),
    [searchHandler],
  );
  useEffect(() => {
    setSearchOpen(false);
    return () => controller?.dispose();
  }, [controller]);

  return (
    <AppBar position="static" elevation={1} component="div">
      <Toolbar sx={{ gap: 1 }}>
        {forcedFullscreen ? (
          <IconButton
            edge="start"
            color="inherit"
            aria-label={t('action.back')}
            onClick={() => navigate(auth.defaultUrl())}
            data-testid={selectors.shell.backButton}
          >
            <ArrowBack />
          </IconButton>
        ) : (
          <IconButton
            edge="start"
            color="inherit"
            aria-label={menuOpen ? t('home.close-menu') : t('home.open-menu')}
            aria-expanded={menuOpen}
            onClick={onToggleMenu}
            data-testid={selectors.shell.menuButton}
          >
            <MenuIconGlyph />
          </IconButton>
        )}
        {searchOpen && controller ? (
          <ToolbarSearch controller={controller} onClose={() => setSearchOpen(false)} />
        ) : (
          <Box sx={{ flex: 1, minWidth: 0, overflow: 'hidden' }}>
            <Breadcrumb />
          </Box>
        )}
        {controller && !searchOpen && (
          <IconButton
            color="inherit"
            aria-label={t('home.search')}
            onClick={() => setSearchOpen(true)}
            data-testid={selectors.shell.searchToggle}
          >
            <Search />
          </IconButton>
        )}
        <FullscreenToggle />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
