import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../app/layout/MenuIcon';
import { visibleHomeSections } from '../../app/menu/menu';
import { useAuthState } from '../../app/services/useAuthState';
import { NavigationTile } from '../navigation-support/NavigationTile';
import { navigationSelectors as s } from '../navigation-support/selectors';
import type { WidgetProps } from '../widget-definition';
import { navigationCardsSettings, navigationSections } from './navigation-cards-model';

/**
 * The reference's `navigation_widgets.navigation_cards`: the console's home sections of the signed-in
 * user, as cards linking to their pages. A public viewer has no console pages to open, so it sees none.
 */
export function NavigationCardsWidget({ config }: WidgetProps) {
  const { t } = useTranslation();
  const { authUser, edgesSupportEnabled } = useAuthState();
  const sections = useMemo(() => {
    if (!authUser || authUser.isPublic) return [];
    const home = visibleHomeSections({ authority: authUser.authority, edgesSupportEnabled });
    return navigationSections(home, navigationCardsSettings(config));
  }, [authUser, edgesSupportEnabled, config]);
  return (
    <Box data-testid={s.root} sx={{ position: 'absolute', inset: 0, overflow: 'auto', p: 1 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 1 }}>
        {sections.map((section) => (
          <Box key={section.id} component="section" data-testid={s.section}>
            <Typography
              variant="subtitle2"
              component="h3"
              data-testid={s.sectionTitle}
              sx={{ color: 'text.secondary', mb: 0.5 }}
            >
              {t(section.name)}
            </Typography>
            <Box
              sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(100px, 1fr))', gap: 1 }}
            >
              {section.links.map((link) => (
                <NavigationTile
                  key={link.id}
                  path={link.path}
                  name={t(link.name)}
                  icon={<MenuIcon name={link.icon} sx={{ fontSize: 40 }} />}
                />
              ))}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
