import type { JwtPair, User } from '@meridian/common';
import { type AuthPayload, type AuthState, INITIAL_AUTH_STATE } from './auth-state';
import { resolveDefaultPlace } from './default-place';
import { type AuthUser, authUserFromClaims, decodeJwt } from './jwt';
import { type LoginParams, NO_LOGIN_PARAMS } from './login-params';
import type { TokenStore } from './token-store';

/** The backend calls the state machine needs; implemented over the HTTP client in src/api/auth.ts. */
export interface AuthBackend {
  login(username: string, password: string): Promise<JwtPair>;
  publicLogin(publicId: string): Promise<JwtPair>;
  refreshToken(refreshToken: string): Promise<JwtPair>;
  logout(): Promise<void>;
  getCurrentUser(): Promise<User>;
  changePassword(currentPassword: string, newPassword: string): Promise<JwtPair>;
  activate(activateToken: string, password: string): Promise<JwtPair>;
  resetPassword(resetToken: string, password: string): Promise<JwtPair>;
  getUserToken(userId: string): Promise<JwtPair>;
  isUserTokenAccessEnabled(): Promise<boolean>;
  isEdgesSupportEnabled(): Promise<boolean>;
  /** Ids of the dashboards a forced-fullscreen user may open (first page of 100). */
  getAllowedDashboardIds(user: AuthUser): Promise<string[]>;
}

export interface AuthServiceDeps {
  tokens: TokenStore;
  backend: AuthBackend;
  /** Translates a message key (used for the refresh failure messages). */
  translate: (key: string) => string;
  /** The current in-app URL (path + query), remembered for redirect after login. */
  currentUrl: () => string;
  /** Switches the UI language before the user counts as loaded; null means the default. */
  applyUserLanguage?: (lang: string | null) => Promise<void> | void;
  /** Opens the alert for the loginError query parameter. */
  showLoginError?: (message: string) => void;
}

export interface LogoutOptions {
  /** Remember the current URL so the next login returns to it. */
  captureLastUrl?: boolean;
  /** Skip POST /api/auth/logout (the session is already gone). */
  ignoreRequest?: boolean;
}

type Listener = () => void;

/**
 * The authentication state machine of spec 1 §4. Plain TypeScript: React reads it through
 * `subscribe`/`getState`, the HTTP client uses it as its session (token, refresh, logout).
 */
export class AuthService {
  private state: AuthState = INITIAL_AUTH_STATE;
  private readonly listeners = new Set<Listener>();
  private redirectUrl: string | null = null;
  private refreshing: Promise<void> | null = null;
  private loadGeneration = 0;

  constructor(private readonly deps: AuthServiceDeps) {}

  getState = (): AuthState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  // ----- redirect after login -------------------------------------------------------------

  getRedirectUrl(): string | null {
    return this.redirectUrl;
  }

  setRedirectUrl(url: string | null): void {
    this.redirectUrl = url;
  }

  /** Where the user belongs now. For an authenticated user the saved redirect URL is consumed. */
  defaultUrl(): string {
    const url = resolveDefaultPlace(this.state, this.redirectUrl);
    if (this.state.isAuthenticated) {
      this.redirectUrl = null;
    }
    return url;
  }

  // ----- tokens (the HTTP client's session) ------------------------------------------------

  getAccessToken(): string | null {
    return this.deps.tokens.get('access');
  }

  isAccessTokenValid(): boolean {
    return this.deps.tokens.isValid('access');
  }

  isRefreshPending(): boolean {
    return this.refreshing !== null;
  }

  /** Exchanges the refresh token for a new pair. Only one refresh runs at a time; callers share it. */
  refreshTokens(): Promise<void> {
    if (!this.refreshing) {
      this.refreshing = this.runRefresh().finally(() => {
        this.refreshing = null;
      });
    }
    return this.refreshing;
  }

  /** A refresh failed while a request needed it: log out locally and remember where the user was. */
  handleRefreshFailure(): void {
    void this.logout({ captureLastUrl: true, ignoreRequest: true });
  }

  /** The publicId a public session was opened with (the token subject), else null. */
  publicIdFromToken(): string | null {
    const user = this.state.authUser;
    return user?.isPublic ? user.sub : null;
  }

  // ----- transitions ------------------------------------------------------------------------

  /** Loads the user from stored tokens or from the login-time query parameters (app start). */
  async reloadUser(params: LoginParams = NO_LOGIN_PARAMS): Promise<void> {
    if (params.publicId) {
      this.deps.tokens.clear();
    }
    await this.runLoad(() => this.loadWithParams(params));
  }

  async login(username: string, password: string): Promise<void> {
    const pair = await this.deps.backend.login(username, password);
    await this.authenticateWith(pair);
  }

  async publicLogin(publicId: string): Promise<void> {
    await this.reloadUser({ ...NO_LOGIN_PARAMS, publicId });
  }

  async activate(activateToken: string, password: string): Promise<void> {
    await this.authenticateWith(await this.deps.backend.activate(activateToken, password));
  }

  async resetPassword(resetToken: string, password: string): Promise<void> {
    await this.authenticateWith(await this.deps.backend.resetPassword(resetToken, password));
  }

  async loginAsUser(userId: string): Promise<void> {
    await this.authenticateWith(await this.deps.backend.getUserToken(userId));
  }

  /** Changes the password and keeps the session with the new token pair the server returns. */
  async changePassword(currentPassword: string, newPassword: string): Promise<void> {
    const pair = await this.deps.backend.changePassword(currentPassword, newPassword);
    this.storePair(pair);
    // The server dropped its default-password flag (and may track more); show the user as stored.
    this.updateUserDetails(await this.deps.backend.getCurrentUser());
  }

  async logout(options: LogoutOptions = {}): Promise<void> {
    if (options.captureLastUrl) {
      const url = this.deps.currentUrl();
      if (!url.startsWith('/login')) {
        this.redirectUrl = url;
      }
    }
    if (!options.ignoreRequest && this.deps.tokens.get('access')) {
      try {
        await this.deps.backend.logout();
      } catch {
        // The session ends locally whatever the server answers.
      }
    }
    this.deps.tokens.clear();
    this.loadGeneration++;
    this.setState({ ...INITIAL_AUTH_STATE, isUserLoaded: true });
  }

  /** The profile was saved: keep the new details (language, default dashboard) in the state. */
  updateUserDetails(user: User): void {
    this.setState({ ...this.state, userDetails: user });
  }

  setLastPublicDashboardId(dashboardId: string | null): void {
    if (this.state.lastPublicDashboardId !== dashboardId) {
      this.setState({ ...this.state, lastPublicDashboardId: dashboardId });
    }
  }

  // ----- internals --------------------------------------------------------------------------

  private setState(next: AuthState): void {
    this.state = next;
    for (const listener of [...this.listeners]) {
      listener();
    }
  }

  /** Stores a pair by the token-storage rule; both must pass, otherwise nothing is kept. */
  private storePair(pair: JwtPair): boolean {
    const { tokens } = this.deps;
    if (tokens.store('access', pair.token) && tokens.store('refresh', pair.refreshToken)) {
      return true;
    }
    tokens.clear();
    return false;
  }

  /** Tokens from login, activation, reset or login-as-user: store them and load the user. */
  private async authenticateWith(pair: JwtPair): Promise<void> {
    if (!this.storePair(pair)) {
      this.loadGeneration++;
      this.setState({ ...INITIAL_AUTH_STATE, isUserLoaded: true });
      return;
    }
    await this.runLoad(() => this.loadCurrentUser(false));
  }

  private async runLoad(loader: () => Promise<AuthPayload>): Promise<void> {
    const generation = ++this.loadGeneration;
    this.setState({ ...this.state, isUserLoaded: false });
    try {
      const payload = await loader();
      if (generation === this.loadGeneration) {
        this.setState({ ...this.state, ...payload, isAuthenticated: true, isUserLoaded: true });
      }
    } catch {
      if (generation === this.loadGeneration) {
        this.setState({ ...INITIAL_AUTH_STATE, isUserLoaded: true });
      }
    }
  }

  private async loadWithParams(params: LoginParams): Promise<AuthPayload> {
    const { backend, tokens } = this.deps;
    if (params.publicId) {
      this.storePair(await backend.publicLogin(params.publicId));
      return this.loadCurrentUser(false);
    }
    if (params.accessToken) {
      tokens.store('access', params.accessToken);
      if (params.refreshToken) {
        tokens.store('refresh', params.refreshToken);
      } else {
        tokens.remove('refresh');
      }
      return this.loadCurrentUser(false);
    }
    if (params.username && params.password) {
      this.storePair(await backend.login(params.username, params.password));
      return this.loadCurrentUser(false);
    }
    if (params.loginError) {
      this.deps.showLoginError?.(params.loginError);
      throw new Error(params.loginError);
    }
    return this.loadCurrentUser(true);
  }

  private async loadCurrentUser(refreshIfExpired: boolean): Promise<AuthPayload> {
    const { tokens, backend } = this.deps;
    if (!tokens.isValid('access')) {
      if (!refreshIfExpired) {
        throw new Error('No valid access token');
      }
      await this.refreshTokens();
    }
    const claims = decodeJwt(tokens.get('access'));
    if (!claims) {
      throw new Error('Malformed access token');
    }
    const authUser = authUserFromClaims(claims);
    if (authUser.isPublic) {
      const system = await this.loadSystemParams(authUser, true);
      return { authUser, userDetails: null, forceFullscreen: true, ...system };
    }
    if (!authUser.userId) {
      throw new Error('Token without a user');
    }
    let userDetails: User;
    try {
      userDetails = await backend.getCurrentUser();
    } catch (error) {
      tokens.clear();
      throw error;
    }
    const forceFullscreen = userDetails.additionalInfo?.defaultDashboardFullscreen === true;
    const system = await this.loadSystemParams(authUser, forceFullscreen);
    const lang = userDetails.additionalInfo?.lang;
    await this.deps.applyUserLanguage?.(typeof lang === 'string' && lang ? lang : null);
    return { authUser, userDetails, forceFullscreen, ...system };
  }

  private async loadSystemParams(
    authUser: AuthUser,
    forceFullscreen: boolean,
  ): Promise<Pick<AuthState, 'allowedDashboardIds' | 'edgesSupportEnabled' | 'userTokenAccessEnabled'>> {
    const { backend } = this.deps;
    const { authority } = authUser;
    const tokenAccessAllowed = authority === 'SYS_ADMIN' || authority === 'TENANT_ADMIN';
    const needsDashboards =
      forceFullscreen && (authority === 'TENANT_ADMIN' || authority === 'CUSTOMER_USER');
    const [userTokenAccessEnabled, allowedDashboardIds, edgesSupportEnabled] = await Promise.all([
      tokenAccessAllowed ? backend.isUserTokenAccessEnabled().catch(() => false) : Promise.resolve(false),
      needsDashboards ? backend.getAllowedDashboardIds(authUser).catch(() => []) : Promise.resolve([]),
      backend.isEdgesSupportEnabled().catch(() => false),
    ]);
    return { userTokenAccessEnabled, allowedDashboardIds, edgesSupportEnabled };
  }

  private async runRefresh(): Promise<void> {
    const { tokens, backend, translate } = this.deps;
    const refreshToken = tokens.get('refresh');
    if (!refreshToken || !tokens.isValid('refresh')) {
      tokens.clear();
      throw new Error(translate('access.refresh-token-expired'));
    }
    let pair: JwtPair;
    try {
      pair = await backend.refreshToken(refreshToken);
    } catch {
      tokens.clear();
      throw new Error(translate('access.refresh-token-failed'));
    }
    if (!this.storePair(pair)) {
      throw new Error(translate('access.refresh-token-failed'));
    }
  }
}
