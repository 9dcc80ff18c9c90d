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
