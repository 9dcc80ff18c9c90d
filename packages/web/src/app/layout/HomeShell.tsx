import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { hasConsoleMessages, loadConsoleMessages } from '../../i18n/i18n';
import { selectors } from '../../selectors';
import { NARROW_MENU_QUERY, SIDE_MENU_NARROW_WIDTH, SIDE_MENU_WIDTH_PX } from '../menu/menu';
import {
  PageSearchContext,
  type PageSearchRegistry,
  type SearchTextHandler,
} from '../search/page-search-context';
import { useAuthState } from '../services/useAuthState';
import { AppToolbar } from './AppToolbar';
import { DefaultPasswordWarning } from './DefaultPasswordWarning';
import { Footer } from './Footer';
import { PageLoading } from './PageLoading';
import { SideMenu } from './SideMenu';

/** The home shell, once the console's messages (not bundled with the login route) are loaded. */
export function HomeShell() {
  const { i18n } = useTranslation();
  const [ready, setReady] = useState(() => hasConsoleMessages(i18n));
  useEffect(() => {
    let live = true;
    loadConsoleMessages(i18n).then(
      () => live && setReady(true),
      // A failed chunk load leaves keys untranslated rather than the console unusable.
      () => live && setReady(true),
    );
    return () => {
      live = false;
    };
  }, [i18n]);
  return ready ? <HomeShellLayout /> : <PageLoading />;
}

/** The home shell: side menu, toolbar, the active page, footer. */
function HomeShellLayout() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const tiny = useMediaQuery(NARROW_MENU_QUERY);
  const { forceFullscreen } = useAuthState();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(wide);
  const [searchHandler, setSearchHandler] = useState<SearchTextHandler | null>(null);

  // Side mode and open on wide screens; over mode and closed on narrow ones.
  useEffect(() => {
    setMenuOpen(wide);
  }, [wide]);
  // In over mode the menu closes once a page is chosen.
  useEffect(() => {
    if (!wide && pathname) {
      setMenuOpen(false);
    }
  }, [pathname, wide]);

  const registry = useMemo<PageSearchRegistry>(
    () => ({
      register: (handler) => {
        setSearchHandler(() => handler);
        return () =>
          setSearchHandler((current: SearchTextHandler | null) => (current === handler ? null : current));
      },
    }),
    [],
  );

  return (
    <PageSearchContext.Provider value={registry}>
      <Box data-testid={selectors.shell.root} sx={{ display: 'flex', height: '100vh', overflow: 'hidden' }}>
        {!forceFullscreen && (
          <SideMenu
            open={menuOpen}
            mode={wide ? 'side' : 'over'}
            width={tiny ? SIDE_MENU_NARROW_WIDTH : SIDE_MENU_WIDTH_PX}
            onClose={() => setMenuOpen(false)}
          />
        )}
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <AppToolbar
            menuOpen={menuOpen}
            onToggleMenu={() => setMenuOpen((open) => !open)}
            forcedFullscreen={forceFullscreen}
            searchHandler={searchHandler}
          />
          <DefaultPasswordWarning />
          <Box component="main" sx={{ flex: 1, overflow: 'auto', p: { xs: 1, sm: 2, md: 3 } }}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </Box>
          <Footer />
        </Box>
      </Box>
    </PageSearchContext.Provider>
  );
}
