import { describe, expect, it } from 'vitest';
import { fullMenu, MENU_ITEM_HEIGHT_PX, menuPaths, visibleHomeSections, visibleMenu } from './menu';

describe('menu per authority (spec 1 §2)', () => {
  it('SYS_ADMIN: full menu has the spec paths in order', () => {
    expect(menuPaths(fullMenu({ authority: 'SYS_ADMIN', edgesSupportEnabled: false }))).toEqual([
      '/home',
      '/tenants',
      '/tenantProfiles',
      '/widgets-bundles',
      '/settings/general',
      '/settings/outgoing-mail',
      '/settings/sms-provider',
      '/settings/security-settings',
      '/settings/oauth2',
      '/settings/resources-library',
    ]);
  });

  it('TENANT_ADMIN: full menu, without and with edges', () => {
    const common = [
      '/home',
      '/ruleChains',
      '/customers',
      '/assets',
      '/devices',
      '/deviceProfiles',
      '/otaUpdates',
      '/entityViews',
    ];
    const tail = [
      '/widgets-bundles',
      '/dashboards',
      '/auditLogs',
      '/usage',
      '/settings/home',
      '/settings/resources-library',
    ];
    expect(menuPaths(fullMenu({ authority: 'TENANT_ADMIN', edgesSupportEnabled: false }))).toEqual([
      ...common,
      ...tail,
    ]);
    expect(menuPaths(fullMenu({ authority: 'TENANT_ADMIN', edgesSupportEnabled: true }))).toEqual([
      ...common,
      '/edgeInstances',
      '/edgeManagement/ruleChains',
      ...tail,
    ]);
  });

  it('CUSTOMER_USER: full menu, without and with edges', () => {
    expect(menuPaths(fullMenu({ authority: 'CUSTOMER_USER', edgesSupportEnabled: false }))).toEqual([
      '/home',
      '/assets',
      '/devices',
      '/entityViews',
      '/dashboards',
    ]);
    expect(menuPaths(fullMenu({ authority: 'CUSTOMER_USER', edgesSupportEnabled: true }))).toEqual([
      '/home',
      '/assets',
      '/devices',
      '/entityViews',
      '/edgeInstances',
      '/dashboards',
    ]);
  });

  it('hides unimplemented pages: SYS_ADMIN sees Home, tenants, tenant profiles, widgets library and three system settings', () => {
    const menu = visibleMenu({ authority: 'SYS_ADMIN', edgesSupportEnabled: false });
    expect(menuPaths(menu)).toEqual([
      '/home',
      '/tenants',
      '/tenantProfiles',
      '/widgets-bundles',
      '/settings/general',
      '/settings/outgoing-mail',
      '/settings/security-settings',
    ]);
    const settings = menu[4];
    expect(settings?.type).toBe('toggle');
    expect(settings?.type === 'toggle' && settings.height).toBe(`${3 * MENU_ITEM_HEIGHT_PX}px`);
  });

  it('TENANT_ADMIN sees Home and the implemented device-centric pages, in menu order', () => {
    expect(menuPaths(visibleMenu({ authority: 'TENANT_ADMIN', edgesSupportEnabled: true }))).toEqual([
      '/home',
      '/ruleChains',
      '/customers',
      '/assets',
      '/devices',
      '/deviceProfiles',
      '/entityViews',
      '/widgets-bundles',
      '/dashboards',
      '/auditLogs',
      '/usage',
    ]);
  });

  it('CUSTOMER_USER sees Home, assets, devices, entity views and dashboards', () => {
    expect(menuPaths(visibleMenu({ authority: 'CUSTOMER_USER', edgesSupportEnabled: true }))).toEqual([
      '/home',
      '/assets',
      '/devices',
      '/entityViews',
      '/dashboards',
    ]);
  });

  it('home shortcuts mirror the visible menu', () => {
    const sections = visibleHomeSections({ authority: 'SYS_ADMIN', edgesSupportEnabled: false });
    expect(sections.map((section) => section.id)).toEqual(['tenants', 'widgets', 'system-settings']);
    expect(sections[0]?.links.map((link) => link.path)).toEqual(['/tenants', '/tenantProfiles']);
    expect(sections[1]?.links.map((link) => link.path)).toEqual(['/widgets-bundles']);
    expect(sections[2]?.links.map((link) => link.path)).toEqual([
      '/settings/general',
      '/settings/outgoing-mail',
      '/settings/security-settings',
    ]);
    const tenant = visibleHomeSections({ authority: 'TENANT_ADMIN', edgesSupportEnabled: false });
    expect(tenant.map((section) => [section.id, section.links.map((link) => link.path)])).toEqual([
      ['rule-chains', ['/ruleChains']],
      ['customers', ['/customers']],
      ['assets', ['/assets']],
      ['devices', ['/devices', '/deviceProfiles']],
      ['entity-views', ['/entityViews']],
      ['dashboards', ['/widgets-bundles', '/dashboards']],
      ['audit', ['/auditLogs', '/usage']],
    ]);
  });
});
