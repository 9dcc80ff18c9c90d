import { TELEMETRY_WS_PATH } from '@meridian/common';
import type { AuthService } from '../../app/auth/auth-service';
import { browserSocketFactory, type SocketFactory, telemetrySocketUrl } from './socket-transport';
import { TelemetrySocket } from './telemetry-socket';

/**
 * One telemetry socket per signed-in session of a console instance. It is created on first use,
 * takes the access token from the auth state machine (renewing it first when it has expired, as the
 * HTTP client does), and is disposed on sign-out, so the next session starts with a new one.
 */

const sockets = new WeakMap<AuthService, TelemetrySocket>();

/** The access token to open the socket with; null when there is no session to use. */
async function sessionToken(auth: AuthService): Promise<string | null> {
  if (!auth.getState().isAuthenticated) {
    return null;
  }
  if (!auth.isAccessTokenValid()) {
    try {
      await auth.refreshTokens();
    } catch {
      // The refresh token is gone or refused: the session is over, as for an HTTP call.
      auth.handleRefreshFailure();
      return null;
    }
  }
  return auth.getAccessToken();
}

export function sessionTelemetrySocket(
  auth: AuthService,
  connect: SocketFactory = browserSocketFactory,
): TelemetrySocket {
  const existing = sockets.get(auth);
  if (existing) {
    return existing;
  }
  const socket = new TelemetrySocket({
    connect,
    url: (token) => telemetrySocketUrl(window.location, TELEMETRY_WS_PATH, token),
    accessToken: () => sessionToken(auth),
  });
  sockets.set(auth, socket);
  let signedIn = auth.getState().isAuthenticated;
  const stopWatching = auth.subscribe(() => {
    const wasSignedIn = signedIn;
    signedIn = auth.getState().isAuthenticated;
    if (wasSignedIn && !signedIn) {
      stopWatching();
      sockets.delete(auth);
      socket.dispose();
    }
  });
  return socket;
}
