import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../auth/route-access.js';
import { AdminSettingsSchema, SecuritySettingsSchema, SettingsKeyParams } from './schemas.js';
import type { AdminService, SecuritySettings } from './service.js';

const SA = { access: ['SYS_ADMIN'] as const };

interface SettingsBody {
  key: string;
  jsonValue: Record<string, unknown>;
}

export function registerAdminRoutes(app: FastifyInstance, admin: AdminService): void {
  app.get<{ Params: { key: string } }>(
    '/api/admin/settings/:key',
    { config: SA, schema: { params: SettingsKeyParams } },
    (req) => admin.getSettings(req.params.key),
  );
  app.post<{ Body: SettingsBody }>(
    '/api/admin/settings',
    { config: SA, schema: { body: AdminSettingsSchema } },
    (req) => admin.saveSettings(req.body.key, req.body.jsonValue),
  );
  app.post<{ Body: SettingsBody }>(
    '/api/admin/settings/testMail',
    { config: SA, schema: { body: AdminSettingsSchema } },
    async (req, reply) => {
      await admin.sendTestMail(req.body.jsonValue, principalOf(req).sub);
      return reply.code(200).send();
    },
  );
  app.get('/api/admin/securitySettings', { config: SA }, () => admin.securitySettings());
  app.post<{ Body: SecuritySettings }>(
    '/api/admin/securitySettings',
    { config: SA, schema: { body: SecuritySettingsSchema } },
    (req) => admin.saveSecuritySettings(req.body),
  );
  // Meridian has no update service to ask; it answers honestly that it knows of no update.
  app.get('/api/admin/updates', { config: SA }, () => ({ message: null, updateAvailable: false }));
}
