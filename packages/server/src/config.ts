import os from 'node:os';
import path from 'node:path';
import type { LoginThrottleSettings } from './auth/login-throttle.js';
import { SHARED_BUFFERS_PATTERN } from './db/pglite-module.js';
import { loadTrustProxy, type TrustProxy } from './http/trust-proxy.js';
import { loadWebSecuritySettings, type WebSecuritySettings } from './http/web-security.js';
import { parseRateLimits } from './limits/rate-limits.js';
import type { EventRecorderSettings } from './modules/events/recorder.js';
import type { EventsTtlSettings } from './modules/events/ttl-cleanup.js';
import type { ComponentStatsSettings } from './rule-engine/component-stats.js';
import type { TsTtlSettings } from './telemetry/ttl-cleanup.js';
import { loadWsSettings, type WsSettings } from './ws/settings.js';

/** Typed configuration read from environment variables (documented in the README). */
export interface Config {
  port: number;
  host: string;
  mqttPort: number;
  /** MQTT over TLS with X.509 client certificates (MQTT_SSL_PORT, MQTT_SSL_CERT, MQTT_SSL_KEY); off when unset. */
  mqttSsl: { port: number; certFile: string; keyFile: string } | undefined;
  coapPort: number;
  dataDir: string;
  /** Absent: embedded PGlite under dataDir. `memory://` keeps the embedded store in memory (tests). */
  databaseUrl: string | undefined;
  /** PostgreSQL shared_buffers of the embedded store (PGLITE_SHARED_BUFFERS, decision 0013). */
  embeddedSharedBuffers: string;
  logLevel: string;
  /** Install the demo tenant, customer, users and devices on first start. */
  demoData: boolean;
  /** Directory of the built console, served with SPA fallback. */
  webDir: string;
  jwt: {
    /** Base64 text; the HMAC key is its decoding, as the reference does. Absent: generated and stored. */
    signingKey: string | undefined;
    issuer: string;
    tokenExpirationSec: number;
    refreshTokenExpirationSec: number;
  };
  userTokenAccessEnabled: boolean;
  /** Sign-in throttling and the end of a policy lockout (SECURITY_LOGIN_*, SECURITY_USER_LOCKOUT_DURATION, decision 0018). */
  loginSecurity: {
    throttle: LoginThrottleSettings;
    /** 0: a locked account stays locked until an administrator enables it. */
    lockoutDurationMs: number;
  };
  /** Largest accepted request body in bytes. */
  bodyLimit: number;
  /** Whose X-Forwarded-For is believed for the client address (TRUST_PROXY, http/trust-proxy.ts). */
  trustProxy: TrustProxy;
  /** CORS and framing (CORS_*, EMBED_ALLOWED_ORIGINS, see http/web-security.ts). */
  webSecurity: WebSecuritySettings;
  /** The time-series TTL clean-up (reference `sql.ttl.ts`). */
  tsTtl: TsTtlSettings;
  /** Entity events: how they are recorded and the TTL clean-up (reference `sql.ttl.events`, `event.debug`). */
  events: {
    recorder: EventRecorderSettings;
    ttl: EventsTtlSettings;
    /** Rule chain and node statistics and error events (reference `actors.statistics`). */
    componentStats: ComponentStatsSettings;
  };
  /** Monthly API usage counters (reference `usage.stats.report.interval`, USAGE_STATS_REPORT_INTERVAL in s). */
  apiUsage: { reportIntervalMs: number };
  /** Telemetry WebSocket limits and intervals (WS_* variables, see ws/settings.ts). */
  ws: WsSettings;
  /**
   * Cluster mode (NATS_URL with a PostgreSQL DATABASE_URL): nodes share the database and NATS
   * JetStream; absent, the node runs alone (decision 0036).
   */
  cluster: ClusterConfig | undefined;
  /** Device transport core timings (reference §4.5, §7.1), in ms. */
  deviceTransport: {
    clientSideRpcTimeoutMs: number;
    claimDurationMs: number;
    /** `security.claim.allowClaimingByDefault`: else a device needs its `claimingAllowed` server attribute. */
    claimAllowedByDefault: boolean;
    defaultInactivityTimeoutMs: number;
    stateCheckIntervalMs: number;
    activityReportMs: number;
  };
}

export interface ClusterConfig {
  natsUrl: string;
  /**
   * The cluster's name (CLUSTER_NAME, default `meridian`): the first token of its NATS subjects and
   * the prefix of its streams and buckets, so several clusters can share one NATS server.
   */
  name: string;
  /** This node's name among the nodes (NODE_ID; default host name and HTTP port). */
  nodeId: string;
}

/** Cluster mode needs a shared PostgreSQL database: the embedded store belongs to one process. */
function cluster(env: NodeJS.ProcessEnv, port: number): ClusterConfig | undefined {
  const natsUrl = env.NATS_URL;
  if (!natsUrl) return undefined;
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl || databaseUrl.startsWith('memory:'))
    throw new Error(
      'NATS_URL starts a cluster node, which needs a PostgreSQL DATABASE_URL shared by every node; the embedded store serves one process only',
    );
  const nodeId = env.NODE_ID || `${os.hostname()}-${port}`;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(nodeId))
    throw new Error(
      `Environment variable NODE_ID must be 1 to 64 letters, digits, '-' or '_', got '${nodeId}'`,
    );
  const name = env.CLUSTER_NAME || 'meridian';
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(name))
    throw new Error(
      `Environment variable CLUSTER_NAME must be 1 to 32 letters, digits, '-' or '_', got '${name}'`,
    );
  return { natsUrl, name, nodeId };
}

function int(name: string, fallback: number, env: NodeJS.ProcessEnv): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`Environment variable ${name} must be a non-negative integer, got '${raw}'`);
  return value;
}

function bool(name: string, fallback: boolean, env: NodeJS.ProcessEnv): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(true|1|yes|on)$/i.test(raw)) return true;
  if (/^(false|0|no|off)$/i.test(raw)) return false;
  throw new Error(`Environment variable ${name} must be true or false, got '${raw}'`);
}

/** A `capacity:seconds[,…]` rate-limit text, checked at start-up. */
function rateLimits(name: string, fallback: string, env: NodeJS.ProcessEnv): string {
  const raw = env[name] ?? fallback;
  try {
    parseRateLimits(raw);
  } catch (error) {
    throw new Error(`Environment variable ${name}: ${(error as Error).message}`);
  }
  return raw;
}

/** The MQTT TLS listener: all of port, certificate and key (PEM file paths), or none of them. */
function mqttSsl(env: NodeJS.ProcessEnv): Config['mqttSsl'] {
  const names = ['MQTT_SSL_PORT', 'MQTT_SSL_CERT', 'MQTT_SSL_KEY'] as const;
  const given = names.filter((name) => env[name]);
  if (given.length === 0) return undefined;
  if (given.length < names.length)
    throw new Error(
      `MQTT over TLS needs ${names.join(', ')}; missing ${names.filter((n) => !env[n]).join(', ')}`,
    );
  return {
    port: int('MQTT_SSL_PORT', 8883, env),
    certFile: path.resolve(env.MQTT_SSL_CERT as string),
    keyFile: path.resolve(env.MQTT_SSL_KEY as string),
  };
}

function sharedBuffers(env: NodeJS.ProcessEnv): string {
  const raw = env.PGLITE_SHARED_BUFFERS || '8MB';
  if (!SHARED_BUFFERS_PATTERN.test(raw))
    throw new Error(
      `Environment variable PGLITE_SHARED_BUFFERS must be like 16MB or 512kB (at most 5 characters), got '${raw}'`,
    );
  return raw;
}

const defaultWebDir = path.resolve(import.meta.dirname, '../../web/dist');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int('PORT', 8080, env);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    mqttPort: int('MQTT_PORT', 1883, env),
    mqttSsl: mqttSsl(env),
    coapPort: int('COAP_PORT', 5683, env),
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    embeddedSharedBuffers: sharedBuffers(env),
    logLevel: env.LOG_LEVEL || 'info',
    demoData: bool('DEMO_DATA', true, env),
    webDir: env.WEB_DIR ? path.resolve(env.WEB_DIR) : defaultWebDir,
    jwt: {
      signingKey: env.JWT_TOKEN_SIGNING_KEY || undefined,
      issuer: env.JWT_TOKEN_ISSUER || 'thingsboard.io',
      tokenExpirationSec: int('JWT_TOKEN_EXPIRATION_TIME', 9000, env),
      refreshTokenExpirationSec: int('JWT_REFRESH_TOKEN_EXPIRATION_TIME', 604800, env),
    },
    userTokenAccessEnabled: bool('USER_TOKEN_ACCESS_ENABLED', true, env),
    loginSecurity: {
      throttle: {
        freeFailuresPerAccount: int('SECURITY_LOGIN_FREE_FAILURES_PER_ACCOUNT', 5, env),
        freeFailuresPerAddress: int('SECURITY_LOGIN_FREE_FAILURES_PER_ADDRESS', 20, env),
        baseDelayMs: int('SECURITY_LOGIN_THROTTLE_BASE_DELAY', 1000, env),
        maxDelayMs: int('SECURITY_LOGIN_THROTTLE_MAX_DELAY', 300_000, env),
      },
      lockoutDurationMs: int('SECURITY_USER_LOCKOUT_DURATION', 1800, env) * 1000,
    },
    bodyLimit: int('HTTP_BODY_LIMIT', 16 * 1024 * 1024, env),
    trustProxy: loadTrustProxy(env),
    webSecurity: loadWebSecuritySettings(env),
    tsTtl: {
      enabled: bool('SQL_TTL_TS_ENABLED', true, env),
      intervalMs: int('SQL_TTL_TS_EXECUTION_INTERVAL', 86_400_000, env),
      systemTtlSec: int('SQL_TTL_TS_TS_KEY_VALUE_TTL', 0, env),
    },
    events: {
      recorder: {
        serviceId: env.TB_SERVICE_ID || os.hostname(),
        debugMaxSymbols: int('TB_MAX_DEBUG_EVENT_SYMBOLS', 4096, env),
        debugRateLimit: bool('ACTORS_RULE_CHAIN_DEBUG_MODE_RATE_LIMITS_PER_TENANT_ENABLED', true, env)
          ? rateLimits('ACTORS_RULE_CHAIN_DEBUG_MODE_RATE_LIMITS_PER_TENANT_CONFIGURATION', '50000:3600', env)
          : '',
        flushIntervalMs: Math.max(1, int('EVENTS_FLUSH_INTERVAL', 250, env)),
        batchSize: 500,
        maxPending: 20_000,
      },
      componentStats: {
        enabled: bool('ACTORS_STATISTICS_ENABLED', true, env),
        persistFrequencyMs: Math.max(1, int('ACTORS_STATISTICS_PERSIST_FREQUENCY', 3_600_000, env)),
        errorPersistFrequencyMs: int('ACTORS_RULE_NODE_ERROR_FREQUENCY', 3000, env),
      },
      ttl: {
        enabled: bool('SQL_TTL_EVENTS_ENABLED', true, env),
        intervalMs: int('SQL_TTL_EVENTS_EXECUTION_INTERVAL', 86_400_000, env),
        eventsTtlSec: int('SQL_TTL_EVENTS_EVENTS_TTL', 0, env),
        debugEventsTtlSec: int('SQL_TTL_EVENTS_DEBUG_EVENTS_TTL', 604_800, env),
      },
    },
    apiUsage: { reportIntervalMs: Math.max(1, int('USAGE_STATS_REPORT_INTERVAL', 10, env)) * 1000 },
    ws: loadWsSettings(env),
    cluster: cluster(env, port),
    deviceTransport: {
      clientSideRpcTimeoutMs: int('CLIENT_SIDE_RPC_TIMEOUT', 60000, env),
      claimDurationMs: int('SECURITY_CLAIM_DURATION', 86400000, env),
      claimAllowedByDefault: bool('SECURITY_CLAIM_ALLOW_CLAIMING_BY_DEFAULT', true, env),
      defaultInactivityTimeoutMs: int('DEFAULT_INACTIVITY_TIMEOUT', 600, env) * 1000,
      stateCheckIntervalMs: Math.max(1, int('DEFAULT_STATE_CHECK_INTERVAL', 60, env)) * 1000,
      activityReportMs: Math.max(1, int('TB_TRANSPORT_SESSIONS_REPORT_TIMEOUT', 3000, env)),
    },
  };
}
