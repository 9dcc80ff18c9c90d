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
import { AssetsRepo } from './modules/assets/repo.js';
import { registerAssetRoutes } from './modules/assets/routes.js';
import { AssetsService } from './modules/assets/service.js';
import { AuditLogsRepo } from './modules/audit-logs/repo.js';
import { registerAuditLogRoutes } from './modules/audit-logs/routes.js';
import { AuditLogService } from './modules/audit-logs/service.js';
import { registerAuthRoutes } from './modules/auth/routes.js';
import { AuthService } from './modules/auth/service.js';
import { registerBulkImportRoutes } from './modules/bulk-import/routes.js';
import { BulkImportService } from './modules/bulk-import/service.js';
import { AssignableRepo } from './modules/customer-assignable/repo.js';
import { registerAssignmentRoutes } from './modules/customer-assignable/routes.js';
import { CustomerAssignmentService } from './modules/customer-assignable/service.js';
import { CustomersRepo } from './modules/customers/repo.js';
import { registerCustomerRoutes } from './modules/customers/routes.js';
import { CustomersService } from './modules/customers/service.js';
import { DashboardsRepo } from './modules/dashboards/repo.js';
import { registerDashboardRoutes } from './modules/dashboards/routes.js';
import { DashboardsService } from './modules/dashboards/service.js';
import { DeviceProfilesRepo } from './modules/device-profiles/repo.js';
import { registerDeviceProfileRoutes } from './modules/device-profiles/routes.js';
import { DeviceProfilesService } from './modules/device-profiles/service.js';
import { DevicesRepo } from './modules/devices/repo.js';
import { registerDeviceRoutes } from './modules/devices/routes.js';
import { DevicesService } from './modules/devices/service.js';
import { EntityQueryRepo } from './modules/entity-query/repo.js';
import { registerEntityQueryRoutes } from './modules/entity-query/routes.js';
import { EntityQueryService } from './modules/entity-query/service.js';
import { EntityViewsRepo } from './modules/entity-views/repo.js';
import { registerEntityViewRoutes } from './modules/entity-views/routes.js';
import { EntityViewsService } from './modules/entity-views/service.js';
import { RelationsRepo } from './modules/relations/repo.js';
import { registerRelationRoutes } from './modules/relations/routes.js';
import { RelationsService } from './modules/relations/service.js';
import { registerSystemRoutes } from './modules/system/routes.js';
import { registerTelemetryRoutes } from './modules/telemetry/routes.js';
import { TelemetryApi } from './modules/telemetry/service.js';
import { TenantProfilesRepo } from './modules/tenant-profiles/repo.js';
import { registerTenantProfileRoutes } from './modules/tenant-profiles/routes.js';
import { TenantProfilesService } from './modules/tenant-profiles/service.js';
import { TenantsRepo } from './modules/tenants/repo.js';
import { registerTenantRoutes } from './modules/tenants/routes.js';
import { TenantsService } from './modules/tenants/service.js';
import { UsersRepo } from './modules/users/repo.js';
import { registerUserRoutes } from './modules/users/routes.js';
import { UsersService } from './modules/users/service.js';
import { TelemetryRepo } from './telemetry/repo.js';
import { TelemetryService } from './telemetry/service.js';

export interface Services {
  admin: AdminService;
  audit: AuditLogService;
  auth: AuthService;
  users: UsersService;
  jwt: JwtService;
  telemetry: TelemetryService;
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
  const tenantProfilesRepo = new TenantProfilesRepo(db);
  const tenantProfiles = new TenantProfilesService(db, tenantProfilesRepo);
  const tenants = new TenantsService(db, tenantsRepo, tenantProfilesRepo, outdating);
  const audit = new AuditLogService(db, new AuditLogsRepo(db), app.log);
  const customers = new CustomersService(db, customersRepo, tenantsRepo, outdating, audit);
  const auth = new AuthService(db, usersRepo, customersRepo, admin, jwt, outdating, app.log, audit);
  const users = new UsersService(
    db,
    usersRepo,
    tenantsRepo,
    customersRepo,
    admin,
    (row) => auth.issueFor(row),
    outdating,
    config.userTokenAccessEnabled,
    audit,
  );
  const dashboards = new DashboardsService(new DashboardsRepo(db), customersRepo);
  const relations = new RelationsService(db, new RelationsRepo(db), audit);
  const assignments = new CustomerAssignmentService(
    db,
    new AssignableRepo(db),
    customersRepo,
    relations,
    { deleteEntityData: (entityId) => telemetry.deleteEntityData(entityId) },
    audit,
  );
  const deviceProfiles = new DeviceProfilesService(db, new DeviceProfilesRepo(db), audit);
  const devices = new DevicesService(
    db,
    new DevicesRepo(db),
    deviceProfiles,
    customersRepo,
    tenantsRepo,
    assignments,
    audit,
  );
  const assets = new AssetsService(db, new AssetsRepo(db), customersRepo, assignments, audit);
  const entityViews = new EntityViewsService(db, new EntityViewsRepo(db), customersRepo, relations, audit);

  const telemetry = new TelemetryService(new TelemetryRepo(db), (err) =>
    app.log.error({ err }, 'telemetry change listener failed'),
  );

  registerErrorHandling(app);
  registerValidation(app);
  registerRouteAccess(app, jwt, outdating);
  registerAuthRoutes(app, auth);
  registerUserRoutes(app, users);
  registerTenantProfileRoutes(app, tenantProfiles);
  registerTenantRoutes(app, tenants);
  registerCustomerRoutes(app, customers);
  registerAdminRoutes(app, admin);
  registerDashboardRoutes(app, dashboards);
  registerDeviceProfileRoutes(app, deviceProfiles);
  registerDeviceRoutes(app, devices);
  registerAssignmentRoutes(app, assignments, devices.kind);
  registerAssetRoutes(app, assets);
  registerAssignmentRoutes(app, assignments, assets.kind);
  registerRelationRoutes(app, relations);
  registerEntityViewRoutes(app, entityViews);
  registerEntityQueryRoutes(app, new EntityQueryService(db, new EntityQueryRepo(db)));
  registerAuditLogRoutes(app, audit);
  registerTelemetryRoutes(app, new TelemetryApi(db, telemetry));
  registerBulkImportRoutes(app, new BulkImportService(db, deviceProfiles, telemetry, audit, app.log));
  registerSystemRoutes(app, {
    edgesEnabled: false,
    maxDatapointsLimit: 50000,
    helpBaseUrl: 'https://raw.githubusercontent.com/thingsboard/thingsboard-ui-help/release-3.3.4',
  });
  await registerConsole(app, config.webDir);
  return { app, services: { admin, audit, auth, users, jwt, telemetry } };
}
