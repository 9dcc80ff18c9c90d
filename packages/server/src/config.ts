import path from 'node:path';

/** Typed configuration read from environment variables (documented in the README). */
export interface Config {
  port: number;
  host: string;
  mqttPort: number;
  coapPort: number;
  dataDir: string;
  /** Absent: embedded PGlite under dataDir. `memory://` keeps the embedded store in memory (tests). */
  databaseUrl: string | undefined;
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
  /** Largest accepted request body in bytes. */
  bodyLimit: number;
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

const defaultWebDir = path.resolve(import.meta.dirname, '../../web/dist');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: int('PORT', 8080, env),
    host: env.HOST || '0.0.0.0',
    mqttPort: int('MQTT_PORT', 1883, env),
    coapPort: int('COAP_PORT', 5683, env),
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
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
    bodyLimit: int('HTTP_BODY_LIMIT', 16 * 1024 * 1024, env),
  };
}
