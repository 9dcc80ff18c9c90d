import type { WidgetConfig } from '@meridian/common';
import type { HomeSection, MenuLink } from '../../app/menu/menu';

/**
 * The reference's `navigation_widgets.navigation_cards` as data: the home sections of the user's
 * menu, each with the places the settings let through (`filterType` all, include or exclude the
 * paths in `filter`); sections left without places are dropped.
 */

export type NavigationFilterType = 'all' | 'include' | 'exclude';

export interface NavigationCardsSettings {
  filterType: NavigationFilterType;
  filter: string[];
}

export function navigationCardsSettings(config: WidgetConfig): NavigationCardsSettings {
  const settings = (config.settings ?? {}) as Record<string, unknown>;
  const filterType =
    settings.filterType === 'include' || settings.filterType === 'exclude' ? settings.filterType : 'all';
  const filter = Array.isArray(settings.filter)
    ? settings.filter.filter((path): path is string => typeof path === 'string')
    : [];
  return { filterType, filter };
}

function shows(link: MenuLink, { filterType, filter }: NavigationCardsSettings): boolean {
  if (filterType === 'include') return filter.includes(link.path);
  if (filterType === 'exclude') return !filter.includes(link.path);
  return true;
}

export function navigationSections(
  sections: readonly HomeSection[],
  settings: NavigationCardsSettings,
): HomeSection[] {
  return sections
    .map((section) => ({ ...section, links: section.links.filter((link) => shows(link, settings)) }))
    .filter((section) => section.links.length > 0);
}
