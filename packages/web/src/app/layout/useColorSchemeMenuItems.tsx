import BrightnessAuto from '@mui/icons-material/BrightnessAuto';
import Check from '@mui/icons-material/Check';
import DarkMode from '@mui/icons-material/DarkMode';
import LightMode from '@mui/icons-material/LightMode';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import { useColorScheme } from '@mui/material/styles';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { selectors } from '../../selectors';

const CHOICES = [
  { mode: 'light', label: 'home.theme-light', Icon: LightMode },
  { mode: 'dark', label: 'home.theme-dark', Icon: DarkMode },
  { mode: 'system', label: 'home.theme-system', Icon: BrightnessAuto },
] as const;

/**
 * The menu items of the user menu's theme choice (a hook: MUI's Menu wants its items as direct
 * children, not wrapped in a component): light, dark or the system's preference (the default). MUI's
 * ThemeProvider keeps the choice in localStorage and follows the system while "system" is chosen.
 */
export function useColorSchemeMenuItems(): ReactElement[] {
  const { t } = useTranslation();
  const { mode, setMode } = useColorScheme();
  const current = mode ?? 'system';
  return [
    <ListSubheader key="header" sx={{ lineHeight: 2.5 }}>
      {t('home.theme')}
    </ListSubheader>,
    ...CHOICES.map(({ mode: choice, label, Icon }) => (
      <MenuItem
        key={choice}
        selected={current === choice}
        role="menuitemradio"
        aria-checked={current === choice}
        onClick={() => setMode(choice)}
        data-testid={selectors.shell.colorScheme(choice)}
      >
        <ListItemIcon>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t(label)}</ListItemText>
        {current === choice && <Check fontSize="small" sx={{ ml: 2 }} />}
      </MenuItem>
    )),
  ];
}
