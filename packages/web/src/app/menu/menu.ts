import type { Authority } from '@meridian/common';

/** Icons the menu uses; the layout maps each name to a Material icon. */
export type MenuIconName =
  | 'home'
  | 'tenants'
  | 'tenantProfiles'
  | 'widgets'
  | 'settings'
  | 'settingsApplications'
  | 'mail'
  | 'sms'
  | 'security'
  | 'oauth2'
  | 'folder'
  | 'ruleChains'
  | 'customers'
  | 'assets'
  | 'devices'
  | 'deviceProfiles'
  | 'otaUpdates'
  | 'entityViews'
  | 'edgeInstances'
  | 'edgeManagement'
  | 'dashboards'
  | 'auditLogs'
  | 'usage'
  | 'profile';

/** A menu link (spec 1 §3 "Menu section"). `implemented` says whether its page exists yet. */
export interface MenuLink {
  id: string;
  type: 'link';
  /** i18n key of the label. */
  name: string;
  path: string;
  icon: MenuIconName;
  isMdiIcon: boolean;
  implemented: boolean;
}

/** An expandable group of links. `height` is the expanded height of its page list. */
export interface MenuToggle {
  id: string;
  type: 'toggle';
  name: string;
  path: string;
  icon: MenuIconName;
  isMdiIcon: boolean;
  height: string;
  pages: MenuLink[];
}

export type MenuSection = MenuLink | MenuToggle;

/** A card of shortcuts on the home page. */
export interface HomeSection {
  id: string;
  name: string;
  links: MenuLink[];
}

export interface MenuContext {
  authority: Authority;
  edgesSupportEnabled: boolean;
}

/** Side menu width (spec 1 §2); below 456 px it is the screen width minus 56 px. */
export const SIDE_MENU_WIDTH_PX = 250;
export const SIDE_MENU_NARROW_WIDTH = 'calc(100vw - 56px)';
export const NARROW_MENU_QUERY = '(max-width:455.98px)';

/** Height of one link row in the side menu, in px. */
export const MENU_ITEM_HEIGHT_PX = 40;

function link(id: string, name: string, path: string, icon: MenuIconName, implemented: boolean): MenuLink {
  return { id, type: 'link', name, path, icon, isMdiIcon: false, implemented };
}

function toggle(id: string, name: string, path: string, icon: MenuIconName, pages: MenuLink[]): MenuToggle {
  return {
    id,
    type: 'toggle',
    name,
    path,
    icon,
    isMdiIcon: false,
    height: `${pages.length * MENU_ITEM_HEIGHT_PX}px`,
    pages,
  };
}

/** Every page the menus can point to. Flip `implemented` when a page lands. */
export const MENU_LINKS = {
  home: link('home', 'home.home', '/home', 'home', true),
  tenants: link('tenants', 'tenant.tenants', '/tenants', 'tenants', true),
  tenantProfiles: link(
    'tenant-profiles',
    'tenant-profile.tenant-profiles',
    '/tenantProfiles',
    'tenantProfiles',
    true,
  ),
  widgetsBundles: link('widget-library', 'widget.widget-library', '/widgets-bundles', 'widgets', true),
  generalSettings: link('general', 'admin.general', '/settings/general', 'settingsApplications', true),
  outgoingMail: link('outgoing-mail', 'admin.outgoing-mail', '/settings/outgoing-mail', 'mail', true),
  smsProvider: link('sms-provider', 'admin.sms-provider', '/settings/sms-provider', 'sms', false),
  securitySettings: link(
    'security-settings',
    'admin.security-settings',
    '/settings/security-settings',
    'security',
    true,
  ),
  oauth2: link('oauth2', 'admin.oauth2', '/settings/oauth2', 'oauth2', false),
  resources: link(
    'resources-library',
    'resource.resources-library',
    '/settings/resources-library',
    'folder',
    false,
  ),
  ruleChains: link('rule-chains', 'rulechain.rulechains', '/ruleChains', 'ruleChains', true),
  customers: link('customers', 'customer.customers', '/customers', 'customers', true),
  assets: link('assets', 'asset.assets', '/assets', 'assets', true),
  devices: link('devices', 'device.devices', '/devices', 'devices', true),
  deviceProfiles: link(
    'device-profiles',
    'device-profile.device-profiles',
    '/deviceProfiles',
    'deviceProfiles',
    true,
  ),
  otaUpdates: link('ota-updates', 'ota-update.ota-updates', '/otaUpdates', 'otaUpdates', false),
  entityViews: link('entity-views', 'entity-view.entity-views', '/entityViews', 'entityViews', true),
  edgeInstances: link('edge-instances', 'edge.edge-instances', '/edgeInstances', 'edgeInstances', false),
  edgeRuleChains: link(
    'rulechain-templates',
    'edge.rulechain-templates',
    '/edgeManagement/ruleChains',
    'ruleChains',
    false,
  ),
  dashboards: link('dashboards', 'dashboard.dashboards', '/dashboards', 'dashboards', true),
  auditLogs: link('audit-logs', 'audit-log.audit-logs', '/auditLogs', 'auditLogs', true),
  usage: link('api-usage', 'api-usage.api-usage', '/usage', 'usage', true),
  homeSettings: link('home-settings', 'admin.home-settings', '/settings/home', 'settingsApplications', false),
} as const satisfies Record<string, MenuLink>;

const L = MENU_LINKS;

/** The complete side menu of an authority, in display order (spec 1 §2 "Menus per authority"). */
export function fullMenu({ authority, edgesSupportEnabled }: MenuContext): MenuSection[] {
  switch (authority) {
    case 'SYS_ADMIN':
      return [
        L.home,
        L.tenants,
        L.tenantProfiles,
        L.widgetsBundles,
        toggle('system-settings', 'admin.system-settings', '/settings', 'settings', [
          L.generalSettings,
          L.outgoingMail,
          L.smsProvider,
          L.securitySettings,
          L.oauth2,
          L.resources,
        ]),
      ];
    case 'TENANT_ADMIN':
      return [
        L.home,
        L.ruleChains,
        L.customers,
        L.assets,
        L.devices,
        L.deviceProfiles,
        L.otaUpdates,
        L.entityViews,
        ...(edgesSupportEnabled
          ? [
              L.edgeInstances,
              toggle('edge-management', 'edge.management', '/edgeManagement', 'edgeManagement', [
                L.edgeRuleChains,
              ]),
            ]
          : []),
        L.widgetsBundles,
        L.dashboards,
        L.auditLogs,
        L.usage,
        toggle('system-settings', 'admin.system-settings', '/settings', 'settings', [
          L.homeSettings,
          L.resources,
        ]),
      ];
    case 'CUSTOMER_USER':
      return [
        L.home,
        L.assets,
        L.devices,
        L.entityViews,
        ...(edgesSupportEnabled ? [L.edgeInstances] : []),
        L.dashboards,
      ];
    default:
      return [];
  }
}

/** The menu as shown: unimplemented links hidden, empty groups dropped, group heights recomputed. */
export function visibleMenu(context: MenuContext): MenuSection[] {
  const sections: MenuSection[] = [];
  for (const section of fullMenu(context)) {
    if (section.type === 'link') {
      if (section.implemented) {
        sections.push(section);
      }
      continue;
    }
    const pages = section.pages.filter((page) => page.implemented);
    if (pages.length > 0) {
      sections.push(toggle(section.id, section.name, section.path, section.icon, pages));
    }
  }
  return sections;
}

/** All link paths of a menu in display order (groups expanded). */
export function menuPaths(sections: readonly MenuSection[]): string[] {
  return sections.flatMap((section) =>
    section.type === 'link' ? [section.path] : section.pages.map((page) => page.path),
  );
}

/** The shortcut cards of the home page for an authority, mirroring its menu. */
export function fullHomeSections({ authority, edgesSupportEnabled }: MenuContext): HomeSection[] {
  const section = (id: string, name: string, links: MenuLink[]): HomeSection => ({ id, name, links });
  switch (authority) {
    case 'SYS_ADMIN':
      return [
        section('tenants', 'tenant.management', [L.tenants, L.tenantProfiles]),
        section('widgets', 'widget.management', [L.widgetsBundles]),
        section('system-settings', 'admin.system-settings', [
          L.generalSettings,
          L.outgoingMail,
          L.smsProvider,
          L.securitySettings,
          L.oauth2,
          L.resources,
        ]),
      ];
    case 'TENANT_ADMIN':
      return [
        section('rule-chains', 'rulechain.management', [L.ruleChains]),
        section('customers', 'customer.management', [L.customers]),
        section('assets', 'asset.management', [L.assets]),
        section('devices', 'device.management', [L.devices, L.deviceProfiles, L.otaUpdates]),
        section('entity-views', 'entity-view.management', [L.entityViews]),
        ...(edgesSupportEnabled
          ? [section('edges', 'edge.management', [L.edgeInstances, L.edgeRuleChains])]
          : []),
        section('dashboards', 'dashboard.management', [L.widgetsBundles, L.dashboards]),
        section('audit', 'audit-log.audit', [L.auditLogs, L.usage]),
        section('system-settings', 'admin.system-settings', [L.homeSettings, L.resources]),
      ];
    case 'CUSTOMER_USER':
      return [
        section('assets', 'asset.view-assets', [L.assets]),
        section('devices', 'device.view-devices', [L.devices]),
        section('entity-views', 'entity-view.entity-views', [L.entityViews]),
        ...(edgesSupportEnabled ? [section('edges', 'edge.management', [L.edgeInstances])] : []),
        section('dashboards', 'dashboard.view-dashboards', [L.dashboards]),
      ];
    default:
      return [];
  }
}

/** Home cards as shown: only implemented links, empty cards dropped. */
export function visibleHomeSections(context: MenuContext): HomeSection[] {
  return fullHomeSections(context)
    .map((section) => ({ ...section, links: section.links.filter((item) => item.implemented) }))
    .filter((section) => section.links.length > 0);
}
