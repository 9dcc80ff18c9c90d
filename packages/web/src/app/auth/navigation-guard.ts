import type { Authority } from '@meridian/common';
import type { AuthState } from './auth-state';
import { mustGoToDefaultPlace, type PageKind } from './default-place';

/** What the guard knows about the location being entered, taken from the matched routes. */
export interface GuardTarget {
  pathname: string;
  search: string;
  /** Login pages: reachable without authentication. */
  isPublicRoute: boolean;
  /** Authorities allowed on the route; null when the route does not restrict them. */
  authorities: readonly Authority[] | null;
  kind: PageKind;
  dashboardId: string | null;
}

export type GuardDecision =
  | { type: 'wait' }
  | { type: 'allow' }
  /** Unauthenticated on a guarded route: remember the URL and go to the login page. */
  | { type: 'login'; rememberUrl: string }
  /** Go to the user's default place (AuthService.defaultUrl). */
  | { type: 'defaultPlace' }
  /** Authority not allowed: forbidden dialog, navigation blocked. */
  | { type: 'forbidden' }
  /** A public session for another publicId, or none yet: open a public session; navigation blocked. */
  | { type: 'reloadPublic'; publicId: string }
  /** A public session on a URL without a publicId: log out; navigation blocked. */
  | { type: 'logout' };

/** Decisions that keep the user where they are instead of entering the target. */
export function blocksNavigation(decision: GuardDecision): boolean {
  return decision.type === 'forbidden' || decision.type === 'reloadPublic' || decision.type === 'logout';
}

function publicIdOf(search: string): string | null {
  const value = new URLSearchParams(search).get('publicId');
  return value && value.length > 0 ? value : null;
}

/**
 * The route guard of spec 1 §4, steps 1 to 8, as a pure function. `currentSearch` is the query of
 * the page the user is on: like the reference, a public session keeps its publicId while it
 * navigates to URLs that do not repeat it. Step 3 (mobile app) does not apply to this console.
 */
export function decideNavigation(state: AuthState, target: GuardTarget, currentSearch = ''): GuardDecision {
  // 1. Wait until the user load is finished.
  if (!state.isUserLoaded) {
    return { type: 'wait' };
  }
  const targetPublicId = publicIdOf(target.search);
  const user = state.authUser;
  if (state.isAuthenticated && user) {
    // 2. A public session whose publicId differs from the URL's.
    if (user.isPublic) {
      const urlPublicId = targetPublicId ?? publicIdOf(currentSearch);
      if (urlPublicId !== user.sub) {
        return urlPublicId ? { type: 'reloadPublic', publicId: urlPublicId } : { type: 'logout' };
      }
    }
    // 4. The default place replaces login pages, the bare root and pages a forced-fullscreen user may not see.
    if (
      target.isPublicRoute ||
      target.pathname === '/' ||
      mustGoToDefaultPlace(state, { kind: target.kind, dashboardId: target.dashboardId })
    ) {
      return { type: 'defaultPlace' };
    }
    // 5. Authority restrictions.
    if (target.authorities && !target.authorities.includes(user.authority)) {
      return { type: 'forbidden' };
    }
    return { type: 'allow' };
  }
  // 6. Unauthenticated with a publicId: open the public session.
  if (targetPublicId) {
    return { type: 'reloadPublic', publicId: targetPublicId };
  }
  // 7. Public routes are open.
  if (target.isPublicRoute) {
    return { type: 'allow' };
  }
  // 8. Anything else needs a login first.
  return { type: 'login', rememberUrl: `${target.pathname}${target.search}` };
}
