import type { User } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { type AuthState, INITIAL_AUTH_STATE } from './auth-state';
import { resolveDefaultPlace } from './default-place';
import type { AuthUser } from './jwt';
import { blocksNavigation, decideNavigation, type GuardTarget } from './navigation-guard';

function target(overrides: Partial<GuardTarget> = {}): GuardTarget {
  return {
    pathname: '/home',
    search: '',
    isPublicRoute: false,
    authorities: null,
    kind: 'other',
    dashboardId: null,
    ...overrides,
  };
}

function authUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    sub: 'tenant@meridian.test',
    scopes: ['TENANT_ADMIN'],
    userId: 'u1',
    tenantId: 't1',
    customerId: null,
    firstName: null,
    lastName: null,
    isPublic: false,
    authority: 'TENANT_ADMIN',
    ...overrides,
  };
}

function signedIn(overrides: Partial<AuthState> = {}, user: Partial<AuthUser> = {}): AuthState {
  return {
    ...INITIAL_AUTH_STATE,
    isUserLoaded: true,
    isAuthenticated: true,
    authUser: authUser(user),
    ...overrides,
  };
}

const signedOut: AuthState = { ...INITIAL_AUTH_STATE, isUserLoaded: true };

function details(additionalInfo: User['additionalInfo']): User {
  return {
    id: { entityType: 'USER', id: 'u1' },
    createdTime: 1_700_000_000_000,
    tenantId: { entityType: 'TENANT', id: 't1' },
    customerId: { entityType: 'CUSTOMER', id: 'c1' },
    email: 'x@y.z',
    authority: 'TENANT_ADMIN',
    firstName: null,
    lastName: null,
    additionalInfo,
  };
}

describe('decideNavigation', () => {
  it('1. waits while the user loads', () => {
    expect(decideNavigation(INITIAL_AUTH_STATE, target())).toEqual({ type: 'wait' });
  });

  it('2. reloads a public session for a different publicId and blocks', () => {
    const state = signedIn(
      { forceFullscreen: true },
      { isPublic: true, sub: 'pub-1', authority: 'CUSTOMER_USER' },
    );
    const decision = decideNavigation(state, target({ kind: 'dashboard', search: '?publicId=pub-2' }));
    expect(decision).toEqual({ type: 'reloadPublic', publicId: 'pub-2' });
    expect(blocksNavigation(decision)).toBe(true);
  });

  it('2. logs a public session out when no publicId is known', () => {
    const state = signedIn(
      { forceFullscreen: true },
      { isPublic: true, sub: 'pub-1', authority: 'CUSTOMER_USER' },
    );
    expect(decideNavigation(state, target({ kind: 'dashboard' }))).toEqual({ type: 'logout' });
  });

  it('2. keeps a public session whose publicId is on the current page', () => {
    const state = signedIn(
      { forceFullscreen: true },
      { isPublic: true, sub: 'pub-1', authority: 'CUSTOMER_USER' },
    );
    expect(
      decideNavigation(state, target({ kind: 'dashboard', dashboardId: 'd1' }), '?publicId=pub-1'),
    ).toEqual({
      type: 'allow',
    });
  });

  it('4. sends an authenticated user away from login pages and the bare root', () => {
    expect(decideNavigation(signedIn(), target({ pathname: '/login', isPublicRoute: true }))).toEqual({
      type: 'defaultPlace',
    });
    expect(decideNavigation(signedIn(), target({ pathname: '/' }))).toEqual({ type: 'defaultPlace' });
  });

  it('4. keeps a forced-fullscreen user on the profile and allowed dashboards only', () => {
    const state = signedIn({
      forceFullscreen: true,
      allowedDashboardIds: ['d1'],
      userDetails: details({ defaultDashboardId: 'd1', defaultDashboardFullscreen: true }),
    });
    expect(decideNavigation(state, target({ pathname: '/home' })).type).toBe('defaultPlace');
    expect(decideNavigation(state, target({ pathname: '/profile', kind: 'profile' })).type).toBe('allow');
    expect(decideNavigation(state, target({ kind: 'dashboards', dashboardId: 'd1' })).type).toBe('allow');
    expect(decideNavigation(state, target({ kind: 'dashboards', dashboardId: 'd2' })).type).toBe(
      'defaultPlace',
    );
    expect(decideNavigation(state, target({ kind: 'dashboard', dashboardId: 'd9' })).type).toBe('allow');
  });

  it('4. does not let a public user reach the profile', () => {
    const state = signedIn(
      { forceFullscreen: true },
      { isPublic: true, sub: 'pub-1', authority: 'CUSTOMER_USER' },
    );
    expect(
      decideNavigation(state, target({ pathname: '/profile', kind: 'profile', search: '?publicId=pub-1' }))
        .type,
    ).toBe('defaultPlace');
  });

  it('5. shows the forbidden dialog when the authority is not allowed', () => {
    const decision = decideNavigation(
      signedIn(),
      target({ pathname: '/settings/general', authorities: ['SYS_ADMIN'] }),
    );
    expect(decision).toEqual({ type: 'forbidden' });
    expect(blocksNavigation(decision)).toBe(true);
    const admin = signedIn({}, { authority: 'SYS_ADMIN' });
    expect(decideNavigation(admin, target({ authorities: ['SYS_ADMIN'] }))).toEqual({ type: 'allow' });
  });

  it('6. opens a public session for an unauthenticated visitor with a publicId', () => {
    expect(decideNavigation(signedOut, target({ kind: 'dashboard', search: '?publicId=p' }))).toEqual({
      type: 'reloadPublic',
      publicId: 'p',
    });
  });

  it('7. lets unauthenticated visitors use public routes', () => {
    expect(decideNavigation(signedOut, target({ pathname: '/login', isPublicRoute: true }))).toEqual({
      type: 'allow',
    });
  });

  it('8. remembers the requested URL and goes to the login page', () => {
    const decision = decideNavigation(signedOut, target({ pathname: '/settings/general', search: '?a=1' }));
    expect(decision).toEqual({ type: 'login', rememberUrl: '/settings/general?a=1' });
    expect(blocksNavigation(decision)).toBe(false);
  });
});

describe('resolveDefaultPlace', () => {
  it('is the login page when unauthenticated', () => {
    expect(resolveDefaultPlace(signedOut, '/x')).toBe('/login');
  });

  it('prefers the saved redirect URL, then the default dashboard, then home', () => {
    const withDashboard = signedIn({ userDetails: details({ defaultDashboardId: 'd1' }) });
    expect(resolveDefaultPlace(withDashboard, '/profile')).toBe('/profile');
    expect(resolveDefaultPlace(withDashboard, null)).toBe('/dashboards/d1');
    expect(resolveDefaultPlace({ ...withDashboard, forceFullscreen: true }, null)).toBe('/dashboard/d1');
    expect(resolveDefaultPlace(signedIn(), null)).toBe('/home');
  });

  it('ignores a default dashboard for a system administrator', () => {
    const admin = signedIn(
      { userDetails: details({ defaultDashboardId: 'd1' }) },
      { authority: 'SYS_ADMIN' },
    );
    expect(resolveDefaultPlace(admin, null)).toBe('/home');
  });

  it('sends a public user to the last public dashboard', () => {
    const state = signedIn(
      { forceFullscreen: true, lastPublicDashboardId: 'pd' },
      { isPublic: true, authority: 'CUSTOMER_USER' },
    );
    expect(resolveDefaultPlace(state, null)).toBe('/dashboard/pd');
  });
});
