import type { JwtPair, User } from '@meridian/common';
import { describe, expect, it, vi } from 'vitest';
import { accessToken, refreshToken } from '../../test/jwt';
import { type AuthBackend, AuthService } from './auth-service';
import { NO_LOGIN_PARAMS } from './login-params';
import { TokenStore } from './token-store';

const NOW = 1_000_000_000;

function user(overrides: Partial<User> = {}): User {
  return {
    id: { entityType: 'USER', id: 'user-1' },
    createdTime: 1_700_000_000_000,
    tenantId: { entityType: 'TENANT', id: 'tenant-1' },
    customerId: { entityType: 'CUSTOMER', id: '13814000-1dd2-11b2-8080-808080808080' },
    email: 'tenant@meridian.test',
    authority: 'TENANT_ADMIN',
    firstName: 'Ada',
    lastName: 'Lovelace',
    additionalInfo: {},
    ...overrides,
  };
}

function pair(claims: Parameters<typeof accessToken>[0] = {}): JwtPair {
  return { token: accessToken(claims), refreshToken: refreshToken() };
}

function setup(backendOverrides: Partial<AuthBackend> = {}) {
  let now = NOW;
  const tokens = new TokenStore(window.localStorage, () => now);
  const backend: AuthBackend = {
    login: vi.fn(async () => pair()),
    publicLogin: vi.fn(async (publicId: string) =>
      pair({
        sub: publicId,
        isPublic: true,
        scopes: ['CUSTOMER_USER'],
        userId: '13814000-1dd2-11b2-8080-808080808080',
      }),
    ),
    refreshToken: vi.fn(async () => pair()),
    logout: vi.fn(async () => undefined),
    getCurrentUser: vi.fn(async () => user()),
    changePassword: vi.fn(async () => pair()),
    activate: vi.fn(async () => pair()),
    resetPassword: vi.fn(async () => pair()),
    getUserToken: vi.fn(async () => pair()),
    isUserTokenAccessEnabled: vi.fn(async () => true),
    isEdgesSupportEnabled: vi.fn(async () => false),
    getAllowedDashboardIds: vi.fn(async () => ['d1']),
    ...backendOverrides,
  };
  const showLoginError = vi.fn();
  const applyUserLanguage = vi.fn();
  const auth = new AuthService({
    tokens,
    backend,
    translate: (key) => `t:${key}`,
    currentUrl: () => '/settings/general?x=1',
    showLoginError,
    applyUserLanguage,
  });
  return { auth, tokens, backend, showLoginError, applyUserLanguage, advance: (ms: number) => (now += ms) };
}

describe('AuthService', () => {
  it('starts unauthenticated and not loaded', () => {
    const { auth } = setup();
    expect(auth.getState()).toMatchObject({ isAuthenticated: false, isUserLoaded: false });
  });

  it('reloads the user from valid stored tokens', async () => {
    const { auth, tokens, backend, applyUserLanguage } = setup({
      getCurrentUser: vi.fn(async () => user({ additionalInfo: { lang: 'de_DE' } })),
    });
    tokens.store('access', accessToken());
    tokens.store('refresh', refreshToken());
    const seen: boolean[] = [];
    auth.subscribe(() => seen.push(auth.getState().isUserLoaded));
    await auth.reloadUser();
    expect(seen[0]).toBe(false);
    expect(auth.getState()).toMatchObject({
      isAuthenticated: true,
      isUserLoaded: true,
      userTokenAccessEnabled: true,
      edgesSupportEnabled: false,
      forceFullscreen: false,
      allowedDashboardIds: [],
    });
    expect(auth.getState().authUser).toMatchObject({
      authority: 'TENANT_ADMIN',
      userId: 'user-1',
      isPublic: false,
    });
    expect(backend.refreshToken).not.toHaveBeenCalled();
    expect(applyUserLanguage).toHaveBeenCalledWith('de_DE');
  });

  it('refreshes an expired access token when the refresh token is valid', async () => {
    const { auth, tokens, backend, advance } = setup();
    tokens.store('access', accessToken({}, 60));
    tokens.store('refresh', refreshToken());
    advance(59_000);
    await auth.reloadUser();
    expect(backend.refreshToken).toHaveBeenCalledTimes(1);
    expect(auth.getState().isAuthenticated).toBe(true);
    expect(tokens.isValid('access')).toBe(true);
  });

  it('ends unauthenticated when neither token is valid', async () => {
    const { auth, tokens, backend, advance } = setup();
    tokens.store('access', accessToken({}, 60));
    tokens.store('refresh', refreshToken({}, 60));
    advance(60_000);
    await auth.reloadUser();
    expect(backend.refreshToken).not.toHaveBeenCalled();
    expect(auth.getState()).toMatchObject({ isAuthenticated: false, isUserLoaded: true });
  });

  it('runs only one refresh at a time', async () => {
    let release: (value: JwtPair) => void = () => undefined;
    const refresh = vi.fn(() => new Promise<JwtPair>((resolve) => (release = resolve)));
    const { auth, tokens } = setup({ refreshToken: refresh });
    tokens.store('refresh', refreshToken());
    const first = auth.refreshTokens();
    const second = auth.refreshTokens();
    expect(auth.isRefreshPending()).toBe(true);
    release(pair());
    await Promise.all([first, second]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(auth.isRefreshPending()).toBe(false);
  });

  it('reports an expired refresh token with access.refresh-token-expired', async () => {
    const { auth } = setup();
    await expect(auth.refreshTokens()).rejects.toThrow('t:access.refresh-token-expired');
  });

  it('clears tokens and reports access.refresh-token-failed when the refresh call fails', async () => {
    const { auth, tokens } = setup({ refreshToken: vi.fn(async () => Promise.reject(new Error('boom'))) });
    tokens.store('access', accessToken());
    tokens.store('refresh', refreshToken());
    await expect(auth.refreshTokens()).rejects.toThrow('t:access.refresh-token-failed');
    expect(tokens.get('access')).toBeNull();
    expect(tokens.get('refresh')).toBeNull();
  });

  it('logs in, stores the pair and loads the user', async () => {
    const { auth, tokens, backend } = setup();
    await auth.login('tenant@meridian.test', 'secret');
    expect(backend.login).toHaveBeenCalledWith('tenant@meridian.test', 'secret');
    expect(tokens.isValid('access')).toBe(true);
    expect(tokens.isValid('refresh')).toBe(true);
    expect(auth.getState().isAuthenticated).toBe(true);
  });

  it('keeps nothing and stays unauthenticated when a returned token breaks the storage rule', async () => {
    const { auth, tokens, backend } = setup({
      login: vi.fn(async () => ({ token: accessToken({}, 0), refreshToken: refreshToken() })),
    });
    await auth.login('a@b.c', 'x');
    expect(tokens.get('access')).toBeNull();
    expect(tokens.get('refresh')).toBeNull();
    expect(backend.getCurrentUser).not.toHaveBeenCalled();
    expect(auth.getState()).toMatchObject({ isAuthenticated: false, isUserLoaded: true });
  });

  it('propagates login failures to the caller', async () => {
    const failure = new Error('Invalid username or password');
    const { auth } = setup({ login: vi.fn(async () => Promise.reject(failure)) });
    await expect(auth.login('a@b.c', 'bad')).rejects.toBe(failure);
  });

  it('activation and password reset log the user in with the returned pair', async () => {
    const { auth, backend } = setup();
    await auth.activate('act-token', 'pw');
    expect(backend.activate).toHaveBeenCalledWith('act-token', 'pw');
    expect(auth.getState().isAuthenticated).toBe(true);
    await auth.logout({ ignoreRequest: true });
    await auth.resetPassword('reset-token', 'pw2');
    expect(backend.resetPassword).toHaveBeenCalledWith('reset-token', 'pw2');
    expect(auth.getState().isAuthenticated).toBe(true);
  });

  it('logs in with accessToken and refreshToken query parameters', async () => {
    const { auth, backend } = setup();
    await auth.reloadUser({ ...NO_LOGIN_PARAMS, accessToken: accessToken(), refreshToken: refreshToken() });
    expect(backend.login).not.toHaveBeenCalled();
    expect(auth.getState().isAuthenticated).toBe(true);
  });

  it('logs in with username and password query parameters', async () => {
    const { auth, backend } = setup();
    await auth.reloadUser({ ...NO_LOGIN_PARAMS, username: 'u@x.io', password: 'pw' });
    expect(backend.login).toHaveBeenCalledWith('u@x.io', 'pw');
    expect(auth.getState().isAuthenticated).toBe(true);
  });

  it('opens a public session from publicId, forced fullscreen', async () => {
    const { auth, backend } = setup();
    await auth.reloadUser({ ...NO_LOGIN_PARAMS, publicId: 'cust-9' });
    expect(backend.publicLogin).toHaveBeenCalledWith('cust-9');
    expect(backend.getCurrentUser).not.toHaveBeenCalled();
    expect(backend.getAllowedDashboardIds).toHaveBeenCalled();
    expect(auth.getState()).toMatchObject({
      isAuthenticated: true,
      forceFullscreen: true,
      allowedDashboardIds: ['d1'],
    });
    expect(auth.publicIdFromToken()).toBe('cust-9');
  });

  it('shows the loginError dialog and stays unauthenticated', async () => {
    const { auth, showLoginError, tokens } = setup();
    tokens.store('access', accessToken());
    tokens.store('refresh', refreshToken());
    await auth.reloadUser({ ...NO_LOGIN_PARAMS, loginError: 'OAuth2 failed' });
    expect(showLoginError).toHaveBeenCalledWith('OAuth2 failed');
    expect(auth.getState()).toMatchObject({ isAuthenticated: false, isUserLoaded: true });
  });

  it('asks for user token access only for system and tenant administrators', async () => {
    const { auth, backend } = setup({
      login: vi.fn(async () => pair({ scopes: ['CUSTOMER_USER'], customerId: 'c1' })),
      getCurrentUser: vi.fn(async () => user({ authority: 'CUSTOMER_USER' })),
    });
    await auth.login('c@x.io', 'pw');
    expect(backend.isUserTokenAccessEnabled).not.toHaveBeenCalled();
    expect(auth.getState().userTokenAccessEnabled).toBe(false);
  });

  it('fetches allowed dashboards for a forced-fullscreen user', async () => {
    const { auth, backend } = setup({
      getCurrentUser: vi.fn(async () =>
        user({ additionalInfo: { defaultDashboardId: 'd1', defaultDashboardFullscreen: true } }),
      ),
    });
    await auth.login('t@x.io', 'pw');
    expect(backend.getAllowedDashboardIds).toHaveBeenCalledTimes(1);
    expect(auth.getState()).toMatchObject({ forceFullscreen: true, allowedDashboardIds: ['d1'] });
    expect(auth.defaultUrl()).toBe('/dashboard/d1');
  });

  it('logout clears tokens, calls the server and can remember the current URL', async () => {
    const { auth, tokens, backend } = setup();
    await auth.login('t@x.io', 'pw');
    await auth.logout({ captureLastUrl: true });
    expect(backend.logout).toHaveBeenCalledTimes(1);
    expect(tokens.get('access')).toBeNull();
    expect(auth.getState()).toMatchObject({ isAuthenticated: false, isUserLoaded: true, authUser: null });
    expect(auth.getRedirectUrl()).toBe('/settings/general?x=1');
    await auth.login('t@x.io', 'pw');
    expect(auth.defaultUrl()).toBe('/settings/general?x=1');
    expect(auth.defaultUrl()).toBe('/home');
  });

  it('goes to dashboards/{id} for a default dashboard without forced fullscreen', async () => {
    const { auth } = setup({
      getCurrentUser: vi.fn(async () => user({ additionalInfo: { defaultDashboardId: 'd7' } })),
    });
    await auth.login('t@x.io', 'pw');
    expect(auth.defaultUrl()).toBe('/dashboards/d7');
  });

  it('change password keeps the session with the new pair', async () => {
    const newPair = pair({ userId: 'user-1', iat: 1_700_000_100, exp: 1_700_009_100 });
    const { auth, tokens } = setup({ changePassword: vi.fn(async () => newPair) });
    await auth.login('t@x.io', 'pw');
    await auth.changePassword('pw', 'pw2');
    expect(tokens.get('access')).toBe(newPair.token);
    expect(auth.getState().isAuthenticated).toBe(true);
  });

  it('ignores the result of a load superseded by a logout', async () => {
    let release: (value: User) => void = () => undefined;
    const getCurrentUser = vi.fn(() => new Promise<User>((resolve) => (release = resolve)));
    const { auth } = setup({ getCurrentUser });
    const login = auth.login('t@x.io', 'pw');
    await vi.waitFor(() => expect(getCurrentUser).toHaveBeenCalled());
    await auth.logout({ ignoreRequest: true });
    release(user());
    await login;
    expect(auth.getState().isAuthenticated).toBe(false);
  });
});
