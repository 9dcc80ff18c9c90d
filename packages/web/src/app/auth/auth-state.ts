import type { User } from '@meridian/common';
import type { AuthUser } from './jwt';

/** Auth state of spec 1 §3. Plain data; the AuthService is the only writer. */
export interface AuthState {
  isAuthenticated: boolean;
  isUserLoaded: boolean;
  authUser: AuthUser | null;
  userDetails: User | null;
  forceFullscreen: boolean;
  allowedDashboardIds: string[];
  edgesSupportEnabled: boolean;
  lastPublicDashboardId: string | null;
  userTokenAccessEnabled: boolean;
}

export const INITIAL_AUTH_STATE: AuthState = {
  isAuthenticated: false,
  isUserLoaded: false,
  authUser: null,
  userDetails: null,
  forceFullscreen: false,
  allowedDashboardIds: [],
  edgesSupportEnabled: false,
  lastPublicDashboardId: null,
  userTokenAccessEnabled: false,
};

/** What a successful user load contributes to the state. */
export type AuthPayload = Pick<
  AuthState,
  | 'authUser'
  | 'userDetails'
  | 'forceFullscreen'
  | 'allowedDashboardIds'
  | 'edgesSupportEnabled'
  | 'userTokenAccessEnabled'
>;
