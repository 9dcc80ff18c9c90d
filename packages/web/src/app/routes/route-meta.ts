import type { Authority } from '@meridian/common';
import type { PageKind } from '../auth/default-place';
import type { GuardTarget } from '../auth/navigation-guard';
import type { MenuIconName } from '../menu/menu';

/** Breadcrumb data a route may carry (spec 3 §2.2). */
export interface BreadcrumbMeta {
  /** i18n key; the home label by default. */
  label?: string;
  /** The home icon by default. */
  icon?: MenuIconName;
  skip?: boolean;
}

/** Static data attached to a route as its `handle`; read by the guard, the title and the breadcrumb. */
export interface RouteMeta {
  /** i18n key of the page title. */
  title?: string;
  breadcrumb?: BreadcrumbMeta;
  /** Login pages: reachable without authentication. */
  isPublic?: boolean;
  /** Authorities allowed; children inherit, the deepest declaration wins. */
  authorities?: readonly Authority[];
  kind?: PageKind;
}

/** What both useMatches() and matchRoutes() give for one matched route. */
export interface MatchLike {
  pathname: string;
  params: Readonly<Record<string, string | undefined>>;
  handle: unknown;
}

export function routeMeta(handle: unknown): RouteMeta {
  return handle !== null && typeof handle === 'object' ? (handle as RouteMeta) : {};
}

export function guardTargetFrom(
  matches: readonly MatchLike[],
  location: { pathname: string; search: string },
): GuardTarget {
  let isPublicRoute = false;
  let authorities: readonly Authority[] | null = null;
  let kind: PageKind = 'other';
  for (const match of matches) {
    const meta = routeMeta(match.handle);
    if (meta.isPublic) {
      isPublicRoute = true;
    }
    if (meta.authorities) {
      authorities = meta.authorities;
    }
    if (meta.kind) {
      kind = meta.kind;
    }
  }
  const deepest = matches[matches.length - 1];
  return {
    pathname: location.pathname,
    search: location.search,
    isPublicRoute,
    authorities,
    kind,
    dashboardId: deepest?.params.dashboardId ?? null,
  };
}

/** The i18n key of the deepest route title, if any. */
export function pageTitleKey(matches: readonly MatchLike[]): string | null {
  for (let index = matches.length - 1; index >= 0; index--) {
    const title = routeMeta(matches[index]?.handle).title;
    if (title) {
      return title;
    }
  }
  return null;
}
