import type { FastifyInstance } from 'fastify';

/** Product facts the console asks for at start-up (reference §1.4 "Misc"). */
export const PRODUCT_VERSION = '3.3.4';

export interface SystemFacts {
  /** Meridian has no edge support yet, so the console hides edge pages. */
  edgesEnabled: boolean;
  maxDatapointsLimit: number;
  helpBaseUrl: string;
  /**
   * Ports the device transports listen on (MQTT over TLS: null when off), for the console's
   * "Check connectivity" commands. The reference has no such call; Meridian adds them to
   * /api/system/info.
   */
  transportPorts: () => { mqttPort: number; mqttSslPort: number | null; coapPort: number };
}

export function registerSystemRoutes(app: FastifyInstance, facts: SystemFacts): void {
  const any = { access: 'authenticated' as const };
  app.get('/api/edges/enabled', { config: any }, () => facts.edgesEnabled);
  app.get('/api/dashboard/serverTime', { config: any }, () => Date.now());
  app.get('/api/dashboard/maxDatapointsLimit', { config: any }, () => facts.maxDatapointsLimit);
  app.get(
    '/api/uiSettings/helpBaseUrl',
    { config: { access: ['SYS_ADMIN', 'TENANT_ADMIN', 'CUSTOMER_USER'] as const } },
    (_req, reply) => reply.type('text/plain').send(facts.helpBaseUrl),
  );
  app.get('/api/system/info', { config: any }, () => ({
    version: PRODUCT_VERSION,
    artifact: 'meridian',
    name: 'Meridian',
    ...facts.transportPorts(),
  }));
  // No OAuth2 providers are configured in Meridian yet: the login page shows no third-party buttons.
  app.post('/api/noauth/oauth2Clients', { config: { access: 'public' as const } }, () => []);
}
