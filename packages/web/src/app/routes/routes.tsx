import type { Authority } from '@meridian/common';
import { Navigate, type RouteObject } from 'react-router';
import { PageLoading } from '../layout/PageLoading';
import { entityCollection } from './entity-collection';
import { RootLayout } from './RootLayout';
import type { RouteMeta } from './route-meta';
import { SettingsIndexRedirect } from './SettingsIndexRedirect';

const meta = (value: RouteMeta): RouteMeta => value;

const TENANT_AND_CUSTOMER: readonly Authority[] = ['TENANT_ADMIN', 'CUSTOMER_USER'];

/** Collections that appear both on their own and under a customer (or a tenant, for users). */
const usersOf = (path: string, label: string) =>
  entityCollection({
    path,
    icon: 'profile',
    label,
    list: async () => (await import('../../features/users/UsersPage')).UsersPage,
    idParam: 'userId',
    detailsLabel: 'users.user-details',
    details: async () => (await import('../../features/users/UserDetailsPage')).UserDetailsPage,
  });

const devices = (path: string, label: string, authorities?: readonly Authority[]) =>
  entityCollection({
    path,
    ...(authorities ? { authorities } : {}),
    icon: 'devices',
    label,
    list: async () => (await import('../../features/devices/DevicesPage')).DevicesPage,
    idParam: 'deviceId',
    detailsLabel: 'device.device-details',
    details: async () => (await import('../../features/devices/DeviceDetailsPage')).DeviceDetailsPage,
  });

const assets = (path: string, label: string, authorities?: readonly Authority[]) =>
  entityCollection({
    path,
    ...(authorities ? { authorities } : {}),
    icon: 'assets',
    label,
    list: async () => (await import('../../features/assets/AssetsPage')).AssetsPage,
    idParam: 'assetId',
    detailsLabel: 'asset.asset-details',
    details: async () => (await import('../../features/assets/AssetDetailsPage')).AssetDetailsPage,
  });

const entityViews = (path: string, label: string, authorities?: readonly Authority[]) =>
  entityCollection({
    path,
    ...(authorities ? { authorities } : {}),
    icon: 'entityViews',
    label,
    list: async () => (await import('../../features/entity-views/EntityViewsPage')).EntityViewsPage,
    idParam: 'entityViewId',
    detailsLabel: 'entity-view.entity-view-details',
    details: async () =>
      (await import('../../features/entity-views/EntityViewDetailsPage')).EntityViewDetailsPage,
  });

/**
 * The dashboards table; it has no details page, as dashboards/:dashboardId is the dashboard itself.
 */
const dashboardList = (path: string, label: string, authorities?: readonly Authority[]): RouteObject => ({
  path,
  handle: meta({
    ...(authorities ? { authorities } : {}),
    title: label,
    breadcrumb: { label, icon: 'dashboards' },
  }),
  lazy: async () => ({
    Component: (await import('../../features/dashboards/DashboardsPage')).DashboardsPage,
  }),
});

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
            Component: (await import('../../features/dashboard/DashboardPage')).DashboardPage,
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
            entityCollection({
              path: 'tenants',
              authorities: ['SYS_ADMIN'],
              icon: 'tenants',
              label: 'tenant.tenants',
              list: async () => (await import('../../features/tenants/TenantsPage')).TenantsPage,
              idParam: 'tenantId',
              detailsLabel: 'tenants.tenant-details',
              details: async () =>
                (await import('../../features/tenants/TenantDetailsPage')).TenantDetailsPage,
              nested: [usersOf(':tenantId/users', 'users.tenant-admins')],
            }),
            entityCollection({
              path: 'tenantProfiles',
              authorities: ['SYS_ADMIN'],
              icon: 'tenantProfiles',
              label: 'tenant-profile.tenant-profiles',
              list: async () =>
                (await import('../../features/tenant-profiles/TenantProfilesPage')).TenantProfilesPage,
              idParam: 'tenantProfileId',
              detailsLabel: 'tenant-profiles.tenant-profile-details',
              details: async () =>
                (await import('../../features/tenant-profiles/TenantProfileDetailsPage'))
                  .TenantProfileDetailsPage,
            }),
            // The widget editor (issue 12); the widgets bundles pages link here.
            ...[
              'widgets-bundles/:widgetsBundleId/widgetTypes/:widgetTypeId',
              'widgets-bundles/:widgetsBundleId/widgetTypes/add/:widgetType',
            ].map(
              (path): RouteObject => ({
                path,
                handle: meta({
                  authorities: ['SYS_ADMIN', 'TENANT_ADMIN'],
                  title: 'widget-editor.widget-editor',
                  breadcrumb: { label: 'widget-editor.widget-editor', icon: 'widgets' },
                }),
                lazy: async () => ({
                  Component: (await import('../../features/widget-editor/WidgetEditorPage')).WidgetEditorPage,
                }),
              }),
            ),
            {
              path: 'widgets-bundles',
              handle: meta({
                authorities: ['SYS_ADMIN', 'TENANT_ADMIN'],
                breadcrumb: { label: 'widget.widget-library', icon: 'widgets' },
              }),
              children: [
                {
                  index: true,
                  handle: meta({ title: 'widget.widget-library' }),
                  lazy: async () => ({
                    Component: (await import('../../features/widgets-bundles/pages')).WidgetsBundlesPage,
                  }),
                },
                {
                  // A bundle's page is its widget library, as a rule chain's page is its editor.
                  path: ':widgetsBundleId/widgetTypes',
                  handle: meta({
                    title: 'widgets-bundle.widgets-bundle',
                    breadcrumb: { label: 'widgets-bundle.widgets-bundle', icon: 'widgets' },
                  }),
                  lazy: async () => ({
                    Component: (await import('../../features/widgets-bundles/pages')).WidgetLibraryPage,
                  }),
                },
              ],
            },
            {
              path: 'ruleChains',
              handle: meta({
                authorities: ['TENANT_ADMIN'],
                breadcrumb: { label: 'rulechain.rulechains', icon: 'ruleChains' },
              }),
              children: [
                {
                  index: true,
                  handle: meta({ title: 'rulechain.rulechains' }),
                  lazy: async () => ({
                    Component: (await import('../../features/rule-chains/RuleChainsPage')).RuleChainsPage,
                  }),
                },
                {
                  // The editor of an imported chain, unsaved (reference console §3.11 "Import").
                  path: 'ruleChain/import',
                  handle: meta({
                    title: 'rule-chain.import',
                    breadcrumb: { label: 'rule-chain.import', icon: 'ruleChains' },
                  }),
                  lazy: async () => ({
                    Component: (await import('../../features/rule-chains/editor/RuleChainEditorPage'))
                      .ImportedRuleChainEditorPage,
                  }),
                },
                {
                  // A chain's page is its editor, as a dashboard's page is the dashboard.
                  path: ':ruleChainId',
                  handle: meta({
                    title: 'rule-chain.rule-chain',
                    breadcrumb: { label: 'rule-chain.rule-chain', icon: 'ruleChains' },
                  }),
                  lazy: async () => ({
                    Component: (await import('../../features/rule-chains/editor/RuleChainEditorPage'))
                      .RuleChainEditorPage,
                  }),
                },
              ],
            },
            entityCollection({
              path: 'customers',
              authorities: ['TENANT_ADMIN'],
              icon: 'customers',
              label: 'customer.customers',
              list: async () => (await import('../../features/customers/CustomersPage')).CustomersPage,
              idParam: 'customerId',
              detailsLabel: 'customer.customer-details',
              details: async () =>
                (await import('../../features/customers/CustomerDetailsPage')).CustomerDetailsPage,
              nested: [
                usersOf(':customerId/users', 'users.customer-users'),
                devices(':customerId/devices', 'customer.devices'),
                entityViews(':customerId/entityViews', 'customer.entity-views'),
                assets(':customerId/assets', 'customer.assets'),
                dashboardList(':customerId/dashboards', 'customer.dashboards'),
              ],
            }),
            assets('assets', 'asset.assets', TENANT_AND_CUSTOMER),
            devices('devices', 'device.devices', TENANT_AND_CUSTOMER),
            entityViews('entityViews', 'entity-view.entity-views', TENANT_AND_CUSTOMER),
            entityCollection({
              path: 'deviceProfiles',
              authorities: ['TENANT_ADMIN'],
              icon: 'deviceProfiles',
              label: 'device-profile.device-profiles',
              list: async () =>
                (await import('../../features/device-profiles/DeviceProfilesPage')).DeviceProfilesPage,
              idParam: 'deviceProfileId',
              detailsLabel: 'device-profile.device-profile-details',
              details: async () =>
                (await import('../../features/device-profiles/DeviceProfileDetailsPage'))
                  .DeviceProfileDetailsPage,
            }),
            {
              path: 'usage',
              handle: meta({
                authorities: ['TENANT_ADMIN'],
                title: 'api-usage.api-usage',
                breadcrumb: { label: 'api-usage.api-usage', icon: 'usage' },
              }),
              lazy: async () => ({
                Component: (await import('../../features/api-usage/ApiUsagePage')).ApiUsagePage,
              }),
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
            dashboardList('dashboards', 'dashboard.dashboards', TENANT_AND_CUSTOMER),
            {
              path: 'dashboards/:dashboardId',
              handle: meta({
                kind: 'dashboards',
                title: 'dashboard.dashboards',
                authorities: ['TENANT_ADMIN', 'CUSTOMER_USER'],
                breadcrumb: { label: 'dashboard.dashboards', icon: 'dashboards' },
              }),
              lazy: async () => ({
                Component: (await import('../../features/dashboard/DashboardPage')).DashboardPage,
              }),
            },
            {
              // Unknown paths get a "page not found" page in the shell (decision 0024).
              path: '*',
              handle: meta({
                title: 'not-found.title',
                breadcrumb: { label: 'not-found.title', icon: 'home' },
              }),
              lazy: async () => ({
                Component: (await import('../../features/not-found/NotFoundPage')).NotFoundPage,
              }),
            },
          ],
        },
      ],
    },
  ];
}
