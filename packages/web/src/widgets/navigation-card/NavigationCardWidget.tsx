import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useAuthState } from '../../app/services/useAuthState';
import { MaterialIcon } from '../../dashboard/MaterialIcon';
import { NavigationTile } from '../navigation-support/NavigationTile';
import type { WidgetProps } from '../widget-definition';

/** The reference descriptor's defaults. */
const DEFAULTS = { name: '{i18n:device.devices}', icon: 'devices_other', path: '/devices' };

/** `{i18n:key}` names, as the reference's settings hold translated names. */
const I18N_NAME = /^\{i18n:([^}]+)\}$/;

/**
 * The reference's `navigation_widgets.navigation_card`: one card (`name`, Material `icon`, console
 * `path`). Console pages are closed to a public viewer, so there it shows nothing.
 */
export function NavigationCardWidget({ config }: WidgetProps) {
  const { t } = useTranslation();
  const { authUser } = useAuthState();
  const settings = (config.settings ?? {}) as Record<string, unknown>;
  const text = (key: keyof typeof DEFAULTS) => {
    const value = settings[key];
    return typeof value === 'string' && value.trim() !== '' ? value : DEFAULTS[key];
  };
  if (!authUser || authUser.isPublic) return null;
  const name = text('name');
  const i18nKey = I18N_NAME.exec(name)?.[1];
  return (
    <Box sx={{ position: 'absolute', inset: 0, p: 0.5 }}>
      <NavigationTile
        path={text('path').startsWith('/') ? text('path') : `/${text('path')}`}
        name={i18nKey ? t(i18nKey) : name}
        icon={<MaterialIcon name={text('icon')} size={40} />}
      />
    </Box>
  );
}
