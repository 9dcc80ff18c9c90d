import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { JwtService } from './auth/jwt.js';
import { registerRouteAccess } from './auth/route-access.js';
import { TokenOutdating } from './auth/token-outdating.js';
import type { Config } from './config.js';
import type { Store } from './db/store.js';
import { registerConsole } from './http/console.js';
import { frameworkErrors, registerErrorHandling } from './http/error-handler.js';
import { registerValidation } from './http/validation.js';
import { AdminSettingsRepo } from './modules/admin/repo.js';
import { registerAdminRoutes } from './modules/admin/routes.js';
import { AdminService } from './modules/admin/service.js';
import { registerAuthRoutes } from './modules/auth/routes.js';
import { AuthService } from './modules/auth/service.js';
import { CustomersRepo } from './modules/customers/repo.js';
import { DashboardsRepo } from './modules/dashboards/repo.js';
import { registerDashboardRoutes } from './modules/dashboards/routes.js';
import { DashboardsService } from './modules/dashboards/service.js';
import { registerSystemRoutes } from './modules/system/routes.js';
import { TenantsRepo } from './modules/tenants/repo.js';
import { UsersRepo } from './modules/users/repo.js';
import { registerUserRoutes } from './modules/users/routes.js';
import { UsersService } from './modules/users/service.js';

export interface Services {
  admin: AdminService;
  auth: AuthService;
  users: UsersService;
  jwt: JwtService;
}

/**
 * Wires repositories, services and routes over an open store. Each service receives exactly the
 * collaborators it uses; tests build their own app the same way.
 */
export async function buildApp(
  config: Config,
  store: Store,
): Promise<{ app: FastifyInstance; services: Services }> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    trustProxy: true,
    frameworkErrors,
  });
  const { db } = store;
  const adminRepo = new AdminSettingsRepo(db);
  const admin = new AdminService(adminRepo);
  const signingKey =
    config.jwt.signingKey ?? (await admin.jwtSigningKey(() => randomBytes(64).toString('base64')));
  const jwt = new JwtService({ ...config.jwt, signingKey });
  const outdating = new TokenOutdating(db);
  const usersRepo = new UsersRepo(db);
  const customersRepo = new CustomersRepo(db);
  const tenantsRepo = new TenantsRepo(db);
  const auth = new AuthService(db, usersRepo, customersRepo, admin, jwt, outdating, app.log);
  const users = new UsersService(
    db,
    usersRepo,
    tenantsRepo,
    customersRepo,
    admin,
    (row) => auth.issueFor(row),
    outdating,
    config.userTokenAccessEnabled,
  );
  const dashboards = new DashboardsService(new DashboardsRepo(db), customersRepo);

  registerErrorHandling(app);
  registerValidation(app);
  registerRouteAccess(app, jwt, outdating);
  registerAuthRoutes(app, auth);
  registerUserRoutes(app, users);
  registerAdminRoutes(app, admin);
  registerDashboardRoutes(app, dashboards);
  registerSystemRoutes(app, {
    edgesEnabled: false,
    maxDatapointsLimit: 50000,
    helpBaseUrl: 'https://raw.githubusercontent.com/thingsboard/thingsboard-ui-help/release-3.3.4',
  });
  await registerConsole(app, config.webDir);
  return { app, services: { admin, auth, users, jwt } };
}
