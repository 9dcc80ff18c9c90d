import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JwtService } from '../auth/jwt.js';
import { authenticate } from '../auth/route-access.js';
import type { TokenOutdating } from '../auth/token-outdating.js';
import type { Db } from '../db/store.js';
import { badRequest, unauthorized } from '../http/api-error.js';
import type { AlarmEvents } from '../modules/alarms/events.js';
import type { AlarmQueryService } from '../modules/alarms/query-service.js';
import type { EntityQueryService } from '../modules/entity-query/service.js';
import type { TelemetryService } from '../telemetry/service.js';
import { ChangeIndex } from './change-index.js';
import { runFrame } from './commands.js';
import type { WsDeps } from './deps.js';
import { CloseCode, WsSession } from './session.js';
import type { WsSettings } from './settings.js';

/**
 * The telemetry WebSocket `/api/ws/plugins/telemetry?token=<access JWT>` (reference §3.1). The token
 * is checked before the upgrade, so a bad one gets a plain HTTP 401; the plugin name is checked
 * after it, as the reference does, and closes the socket with BAD_DATA.
 */

const PLUGIN_PREFIX = '/api/ws/plugins/';
const TELEMETRY_PLUGIN = 'telemetry';

export interface TelemetryWebSocketDeps {
  db: Db;
  telemetry: TelemetryService;
  queries: EntityQueryService;
  alarmQueries: AlarmQueryService;
  alarmEvents: AlarmEvents;
  jwt: JwtService;
  outdating: TokenOutdating;
  settings: WsSettings;
}

/** Live sessions and subscriptions of the endpoint, for monitoring and tests. */
export interface TelemetryWebSocketStats {
  readonly sessionCount: number;
  /** Entity watches of all subscriptions; 0 once every session is gone. */
  readonly watcherCount: number;
}

function queryToken(request: FastifyRequest): string | undefined {
  const token = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof token === 'string' && token.length > 0 ? token : undefined;
}

/** The first path element after /api/ws/plugins/. */
function pluginName(url: string): string {
  const path = url.split('?')[0] ?? '';
  return path.slice(PLUGIN_PREFIX.length).split('/')[0] ?? '';
}

export function registerTelemetryWebSocket(
  app: FastifyInstance,
  deps: TelemetryWebSocketDeps,
): TelemetryWebSocketStats {
  const { settings } = deps;
  const index = new ChangeIndex(deps.telemetry, (err) =>
    app.log.error({ err }, 'websocket subscription failed on a telemetry change'),
  );
  const handlerDeps: WsDeps = {
    db: deps.db,
    telemetry: deps.telemetry,
    queries: deps.queries,
    alarmQueries: deps.alarmQueries,
    alarmEvents: deps.alarmEvents,
    index,
    settings,
  };
  const sessions = new Set<WsSession>();

  // Pings go to every session each third of the timeout; a session silent for the whole timeout is
  // closed as not reliable (reference §3.1). One timer serves all sessions.
  const pinger = setInterval(
    () => {
      const now = Date.now();
      for (const session of sessions) {
        if (now - session.lastActivity >= settings.pingTimeoutMs)
          session.close(CloseCode.SESSION_NOT_RELIABLE);
        else session.ping();
      }
    },
    Math.max(1, Math.floor(settings.pingTimeoutMs / 3)),
  );
  pinger.unref();
  // A user disabled, deleted or with a new password loses open sessions too, not only new requests.
  const stopClosingOutdated = deps.outdating.onOutdated((userId) => {
    for (const session of sessions) {
      if (!session.principal.isPublic && session.principal.userId === userId)
        session.close(CloseCode.POLICY_VIOLATION, 'Token is outdated');
    }
  });
  // A public viewer's session ends with its customer (deleted itself or with its tenant).
  const stopClosingRemoved = deps.outdating.onCustomerRemoved((customerId) => {
    for (const session of sessions) {
      if (session.principal.isPublic && session.principal.customerId === customerId)
        session.close(CloseCode.POLICY_VIOLATION, 'Token is outdated');
    }
  });
  app.addHook('onClose', async () => {
    stopClosingOutdated();
    stopClosingRemoved();
    clearInterval(pinger);
    for (const session of sessions) session.dispose();
    sessions.clear();
    index.close();
  });

  app.register(async (scope) => {
    await scope.register(fastifyWebsocket, { options: { maxPayload: settings.maxMessageBytes } });
    scope.route({
      method: 'GET',
      // One path element, the plugin name; the reference maps /api/ws/plugins/** but serves one plugin.
      url: `${PLUGIN_PREFIX}:plugin`,
      // Not public: the access token travels in ?token=, which the general hook does not read, so
      // this route authenticates in its own onRequest hook below, before any upgrade.
      config: { access: 'public' },
      onRequest: async (request) => {
        const token = queryToken(request);
        if (!token) throw unauthorized();
        request.principal = await authenticate(token, deps.jwt, deps.outdating);
      },
      handler: async () => {
        throw badRequest('Can "Upgrade" only to "WebSocket".');
      },
      wsHandler: (socket, request) => {
        const principal = request.principal;
        if (!principal) {
          socket.close(CloseCode.POLICY_VIOLATION, 'Session meta-data not found!');
          return;
        }
        if (pluginName(request.url) !== TELEMETRY_PLUGIN) {
          socket.close(CloseCode.BAD_DATA, "Can't find plugin with specified token!");
          return;
        }
        const session = new WsSession(socket, principal, settings, request.log);
        sessions.add(session);
        socket.on('pong', () => {
          session.lastActivity = Date.now();
        });
        socket.on('message', (data, isBinary) => {
          session.lastActivity = Date.now();
          if (isBinary) {
            session.close(CloseCode.NOT_ACCEPTABLE, 'Binary messages not supported');
            return;
          }
          const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(new Uint8Array(data));
          const text = bytes.toString('utf8');
          session.enqueue(() => runFrame(session, handlerDeps, text));
        });
        socket.on('close', () => {
          session.dispose();
          sessions.delete(session);
        });
      },
    });
  });

  return {
    get sessionCount() {
      return sessions.size;
    },
    get watcherCount() {
      return index.watcherCount;
    },
  };
}
