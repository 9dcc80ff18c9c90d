import { Navigate, type RouteObject } from 'react-router';
import { PageLoading } from '../layout/PageLoading';
import { RootLayout } from './RootLayout';
import type { RouteMeta } from './route-meta';
import { SettingsIndexRedirect } from './SettingsIndexRedirect';

const meta = (value: RouteMeta): RouteMeta => value;

/**
 * The route table of spec 1 §2. Pages load lazily; the home shell is a lazily loaded layout
 * route. Route handles carry titles, breadcrumbs and access rules for the guard.
 */
export function createAppRoutes(): RouteObject[] {
  return [
    {
      path: '/',
      element: <RootLayout />,
      hydrateFallbackElement: <PageLoading />,
      children: [
        {
          path: 'login',
          handle: meta({ isPublic: true, title: 'login.login' }),
          lazy: async () => ({ Component: (await import('../../features/login/LoginPage')).LoginPage }),
        },
        {
          path: 'login/resetPasswordRequest',
          handle: meta({ isPublic: true, title: 'login.request-password-reset' }),
          lazy: async () => ({
            Component: (await import('../../features/login/ResetPasswordRequestPage'))
              .ResetPasswordRequestPage,
          }),
        },
        {
          path: 'login/resetPassword',
          handle: meta({ isPublic: true, title: 'login.reset-password' }),
          lazy: async () => ({
            Component: (await import('../../features/login/ResetPasswordPage')).ResetPasswordPage,
          }),
        },
        {
          path: 'login/resetExpiredPassword',
          handle: meta({ isPublic: true, title: 'login.reset-password' }),
          lazy: async () => ({
            Component: (await import('../../features/login/ResetPasswordPage')).ResetPasswordPage,
          }),
        },
        {
          path: 'login/createPassword',
          handle: meta({ isPublic: true, title: 'login.create-password' }),
          lazy: async () => ({
            Component: (await import('../../features/login/CreatePasswordPage')).CreatePasswordPage,
          }),
        },
        {
          path: 'dashboard/:dashboardId',
          handle: meta({
            kind: 'dashboard',
            title: 'dashboard.dashboards',
            authorities: ['TENANT_ADMIN', 'CUSTOMER_USER'],
          }),
          lazy: async () => ({
            Component: (await import('../../features/dashboard/DashboardPlaceholderPage'))
              .DashboardPlaceholderPage,
          }),
        },
        {
          lazy: async () => ({ Component: (await import('../layout/HomeShell')).HomeShell }),
          children: [
            { index: true, element: <Navigate to="/home" replace /> },
            {
              path: 'home',
              handle: meta({ title: 'home.home', breadcrumb: { label: 'home.home', icon: 'home' } }),
              lazy: async () => ({ Component: (await import('../../features/home/HomePage')).HomePage }),
            },
            {
              path: 'profile',
              handle: meta({
                kind: 'profile',
                title: 'profile.profile',
                breadcrumb: { label: 'profile.profile', icon: 'profile' },
              }),
              lazy: async () => ({
                Component: (await import('../../features/profile/ProfilePage')).ProfilePage,
              }),
            },
            {
              path: 'settings',
              handle: meta({
                authorities: ['SYS_ADMIN', 'TENANT_ADMIN'],
                breadcrumb: { label: 'admin.system-settings', icon: 'settings' },
              }),
              children: [
                { index: true, element: <SettingsIndexRedirect /> },
                {
                  path: 'general',
                  handle: meta({
                    authorities: ['SYS_ADMIN'],
                    title: 'admin.general-settings',
                    breadcrumb: { label: 'admin.general', icon: 'settingsApplications' },
                  }),
                  lazy: async () => ({
                    Component: (await import('../../features/admin-settings/GeneralSettingsPage'))
                      .GeneralSettingsPage,
                  }),
                },
                {
                  path: 'outgoing-mail',
                  handle: meta({
                    authorities: ['SYS_ADMIN'],
                    title: 'admin.outgoing-mail',
                    breadcrumb: { label: 'admin.outgoing-mail', icon: 'mail' },
                  }),
                  lazy: async () => ({
                    Component: (await import('../../features/admin-settings/MailSettingsPage'))
                      .MailSettingsPage,
                  }),
                },
                {
                  path: 'security-settings',
                  handle: meta({
                    authorities: ['SYS_ADMIN'],
                    title: 'admin.security-settings',
                    breadcrumb: { label: 'admin.security-settings', icon: 'security' },
                  }),
                  lazy: async () => ({
                    Component: (await import('../../features/admin-settings/SecuritySettingsPage'))
                      .SecuritySettingsPage,
                  }),
                },
              ],
            },
            {
              path: 'tenants',
              handle: meta({
                authorities: ['SYS_ADMIN'],
                breadcrumb: { label: 'tenant.tenants', icon: 'tenants' },
              }),
              children: [
                {
                  index: true,
                  handle: meta({ title: 'tenant.tenants' }),
                  lazy: async () => ({
                    Component: (await import('../../features/tenants/TenantsPage')).TenantsPage,
                  }),
                },
                {
                  path: ':tenantId',
                  handle: meta({
                    title: 'tenants.tenant-details',
                    breadcrumb: { label: 'tenants.tenant-details', icon: 'tenants' },
                  }),
                  lazy: async () => ({
                    Component: (await import('../../features/tenants/TenantDetailsPage')).TenantDetailsPage,
                  }),
                },
                {
                  path: ':tenantId/users',
                  handle: meta({ breadcrumb: { label: 'users.tenant-admins', icon: 'profile' } }),
                  children: [
                    {
                      index: true,
                      handle: meta({ title: 'users.tenant-admins' }),
                      lazy: async () => ({
                        Component: (await import('../../features/users/UsersPage')).UsersPage,
                      }),
                    },
                    {
                      path: ':userId',
                      handle: meta({
                        title: 'users.user-details',
                        breadcrumb: { label: 'users.user-details', icon: 'profile' },
                      }),
                      lazy: async () => ({
                        Component: (await import('../../features/users/UserDetailsPage')).UserDetailsPage,
                      }),
                    },
                  ],
                },
              ],
            },
            {
              path: 'tenantProfiles',
              handle: meta({
                authorities: ['SYS_ADMIN'],
                breadcrumb: { label: 'tenant-profile.tenant-profiles', icon: 'tenantProfiles' },
              }),
              children: [
                {
                  index: true,
                  handle: meta({ title: 'tenant-profile.tenant-profiles' }),
                  lazy: async () => ({
                    Component: (await import('../../features/tenant-profiles/TenantProfilesPage'))
                      .TenantProfilesPage,
                  }),
                },
                {
                  path: ':tenantProfileId',
                  handle: meta({
                    title: 'tenant-profiles.tenant-profile-details',
                    breadcrumb: { label: 'tenant-profiles.tenant-profile-details', icon: 'tenantProfiles' },
                  }),
                  lazy: async () => ({
                    Component: (await import('../../features/tenant-profiles/TenantProfileDetailsPage'))
                      .TenantProfileDetailsPage,
                  }),
                },
              ],
            },
            {
              path: 'customers',
              handle: meta({
                authorities: ['TENANT_ADMIN'],
                breadcrumb: { label: 'customer.customers', icon: 'customers' },
              }),
              children: [
                {
                  index: true,
                  handle: meta({ title: 'customer.customers' }),
                  lazy: async () => ({
                    Component: (await import('../../features/customers/CustomersPage')).CustomersPage,
                  }),
                },
                {
                  path: ':customerId',
                  handle: meta({
                    title: 'customer.customer-details',
                    breadcrumb: { label: 'customer.customer-details', icon: 'customers' },
                  }),
                  lazy: async () => ({
                    Component: (await import('../../features/customers/CustomerDetailsPage'))
                      .CustomerDetailsPage,
                  }),
                },
                {
                  path: ':customerId/users',
                  handle: meta({ breadcrumb: { label: 'users.customer-users', icon: 'profile' } }),
                  children: [
                    {
                      index: true,
                      handle: meta({ title: 'users.customer-users' }),
                      lazy: async () => ({
                        Component: (await import('../../features/users/UsersPage')).UsersPage,
                      }),
                    },
                    {
                      path: ':userId',
                      handle: meta({
                        title: 'users.user-details',
                        breadcrumb: { label: 'users.user-details', icon: 'profile' },
                      }),
                      lazy: async () => ({
                        Component: (await import('../../features/users/UserDetailsPage')).UserDetailsPage,
                      }),
                    },
                  ],
                },
                {
                  path: ':customerId/devices',
                  handle: meta({ breadcrumb: { label: 'customer.devices', icon: 'devices' } }),
                  children: [
                    {
                      index: true,
                      handle: meta({ title: 'customer.devices' }),
                      lazy: async () => ({
                        Component: (await import('../../features/devices/DevicesPage')).DevicesPage,
                      }),
                    },
                    {
                      path: ':deviceId',
                      handle: meta({
                        title: 'device.device-details',
                        breadcrumb: { label: 'device.device-details', icon: 'devices' },
                      }),
                      lazy: async () => ({
                        Component: (await import('../../features/devices/DeviceDetailsPage'))
                          .DeviceDetailsPage,
                      }),
                    },
                  ],
                },
                {
                  path: ':customerId/entityViews',
                  handle: meta({ breadcrumb: { label: 'customer.entity-views', icon: 'entityViews' } }),
                  children: [
                    {
                      index: true,
                      handle: meta({ title: 'customer.entity-views' }),
                      lazy: async () => ({
                        Component: (await import('../../features/entity-views/EntityViewsPage'))
                          .EntityViewsPage,
                      }),
                    },
                    {
                      path: ':entityViewId',
                      handle: meta({
                        title: 'entity-view.entity-view-details',
                        breadcrumb: { label: 'entity-view.entity-view-details', icon: 'entityViews' },
                      }),
                      lazy: async () => ({
                        Component: (await import('../../features/entity-views/EntityViewDetailsPage'))
                          .EntityViewDetailsPage,
                      }),
                    },
                  ],
                },
                {
                  path: ':customerId/assets',
                  handle: meta({ breadcrumb: { label: 'customer.assets', icon: 'assets' } }),
                  children: [
                    {
                      index: true,
                      handle: meta({ title: 'customer.assets' }),
                      lazy: async () => ({
                        Component: (await import('../../features/assets/AssetsPage')).AssetsPage,
                      }),
                    },
                    {
                      path: ':assetId',
                      handle: meta({
                        title: 'asset.asset-details',
                        breadcrumb: { label: 'asset.asset-details', icon: 'assets' },
                      }),
                      lazy: async () => ({
                        Component: (await import('../../features/assets/AssetDetailsPage')).AssetDetailsPage,
                      }),
                    },
                  ],
                },
              ],
            },
            {
              path: 'assets',
              handle: meta({
                authorities: ['TENANT_ADMIN', 'CUSTOMER_USER'],
                breadcrumb: { label: 'asset.assets', icon: 'assets' },
              }),
              children: [
                {
                  index: true,
                  handle: meta({ title: 'asset.assets' }),
                  lazy: async () => ({
                    Component: (await import('../../features/assets/AssetsPage')).AssetsPage,
                  }),
                },
                {
                  path: ':assetId',
                  handle: meta({
                    title: 'asset.asset-details',
                    breadcrumb: { label: 'asset.asset-details', icon: 'assets' },
                  }),
                  lazy: async () => ({
                    Component: (await import('../../features/assets/AssetDetailsPage')).AssetDetailsPage,
                  }),
                },
              ],
            },
            {
              path: 'devices',
              handle: meta({
                authorities: ['TENANT_ADMIN', 'CUSTOMER_USER'],
                breadcrumb: { label: 'device.devices', icon: 'devices' },
              }),
              children: [
                {
                  index: true,
                  handle: meta({ title: 'device.devices' }),
                  lazy: async () => ({
                    Component: (await import('../../features/devices/DevicesPage')).DevicesPage,
                  }),
                },
                {
                  path: ':deviceId',
                  handle: meta({
                    title: 'device.device-details',
                    breadcrumb: { label: 'device.device-details', icon: 'devices' },
                  }),
                  lazy: async () => ({
                    Component: (await import('../../features/devices/DeviceDetailsPage')).DeviceDetailsPage,
                  }),
                },
              ],
            },
            {
              path: 'entityViews',
              handle: meta({
                authorities: ['TENANT_ADMIN', 'CUSTOMER_USER'],
                breadcrumb: { label: 'entity-view.entity-views', icon: 'entityViews' },
              }),
              children: [
                {
                  index: true,
                  handle: meta({ title: 'entity-view.entity-views' }),
                  lazy: async () => ({
                    Component: (await import('../../features/entity-views/EntityViewsPage')).EntityViewsPage,
                  }),
                },
                {
                  path: ':entityViewId',
                  handle: meta({
                    title: 'entity-view.entity-view-details',
                    breadcrumb: { label: 'entity-view.entity-view-details', icon: 'entityViews' },
                  }),
                  lazy: async () => ({
                    Component: (await import('../../features/entity-views/EntityViewDetailsPage'))
                      .EntityViewDetailsPage,
                  }),
                },
              ],
            },
            {
              path: 'deviceProfiles',
              handle: meta({
                authorities: ['TENANT_ADMIN'],
                breadcrumb: { label: 'device-profile.device-profiles', icon: 'deviceProfiles' },
              }),
              children: [
                {
                  index: true,
                  handle: meta({ title: 'device-profile.device-profiles' }),
                  lazy: async () => ({
                    Component: (await import('../../features/device-profiles/DeviceProfilesPage'))
                      .DeviceProfilesPage,
                  }),
                },
                {
                  path: ':deviceProfileId',
                  handle: meta({
                    title: 'device-profile.device-profile-details',
                    breadcrumb: { label: 'device-profile.device-profile-details', icon: 'deviceProfiles' },
                  }),
                  lazy: async () => ({
                    Component: (await import('../../features/device-profiles/DeviceProfileDetailsPage'))
                      .DeviceProfileDetailsPage,
                  }),
                },
              ],
            },
            {
              path: 'auditLogs',
              handle: meta({
                authorities: ['TENANT_ADMIN'],
                title: 'audit-log.audit-logs',
                breadcrumb: { label: 'audit-log.audit-logs', icon: 'auditLogs' },
              }),
              lazy: async () => ({
                Component: (await import('../../features/audit-logs/AuditLogsPage')).AuditLogsPage,
              }),
            },
            {
              path: 'dashboards/:dashboardId',
              handle: meta({
                kind: 'dashboards',
                title: 'dashboard.dashboards',
                authorities: ['TENANT_ADMIN', 'CUSTOMER_USER'],
                breadcrumb: { label: 'dashboard.dashboards', icon: 'dashboards' },
              }),
              lazy: async () => ({
                Component: (await import('../../features/dashboard/DashboardPlaceholderPage'))
                  .DashboardPlaceholderPage,
              }),
            },
          ],
        },
        { path: '*', element: <Navigate to="/home" replace /> },
      ],
    },
  ];
}
