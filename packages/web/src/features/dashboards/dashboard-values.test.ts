import type { Dashboard } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import {
  assignedCustomersText,
  dashboardOfValues,
  dashboardValuesOf,
  exportedDashboard,
  isMobileOrder,
  parseImportedDashboard,
  publicLinkOf,
} from './dashboard-values';

const DASHBOARD: Dashboard = {
  id: { entityType: 'DASHBOARD', id: 'd-1' },
  createdTime: 1,
  tenantId: { entityType: 'TENANT', id: 't-1' },
  title: 'Fleet',
  name: 'Fleet',
  image: null,
  assignedCustomers: [
    { customerId: { entityType: 'CUSTOMER', id: 'c-a' }, title: 'Customer A', public: false },
    { customerId: { entityType: 'CUSTOMER', id: 'c-pub' }, title: 'Public', public: true },
    { customerId: { entityType: 'CUSTOMER', id: 'c-b' }, title: 'Customer B', public: false },
  ],
  mobileHide: true,
  mobileOrder: 3,
  version: 7,
  configuration: {
    description: 'Trucks',
    widgets: { w: { type: 'latest' } },
    entityAliases: { a: { alias: 'x' } },
  },
};

describe('dashboard values', () => {
  it('lists the customers other than the public one and builds the public link', () => {
    expect(assignedCustomersText(DASHBOARD)).toBe('Customer A, Customer B');
    expect(assignedCustomersText({ assignedCustomers: null })).toBe('');
    expect(publicLinkOf(DASHBOARD, 'https://iot.example/')).toBe(
      'https://iot.example/dashboard/d-1?publicId=c-pub',
    );
    expect(publicLinkOf({ ...DASHBOARD, assignedCustomers: [] }, 'https://iot.example')).toBeNull();
  });

  it('reads the description from the configuration and keeps the widgets when saving', () => {
    const values = dashboardValuesOf({ ...DASHBOARD, image: 'data:image/png;base64,AAAA' });
    expect(values).toEqual({
      title: 'Fleet',
      description: 'Trucks',
      image: 'data:image/png;base64,AAAA',
      mobileHide: true,
      mobileOrder: 3,
    });
    const saved = dashboardOfValues(
      {
        title: ' Fleet 2 ',
        description: 'Lorries',
        image: 'data:image/png;base64,BBBB',
        mobileHide: false,
        mobileOrder: null,
      },
      DASHBOARD,
    );
    expect(saved).toMatchObject({
      id: DASHBOARD.id,
      title: 'Fleet 2',
      image: 'data:image/png;base64,BBBB',
      mobileHide: false,
      mobileOrder: null,
      configuration: { description: 'Lorries', widgets: { w: { type: 'latest' } } },
    });
    expect(dashboardOfValues(dashboardValuesOf(null), null)).toEqual({
      image: null,
      title: '',
      configuration: { description: '' },
      mobileHide: false,
      mobileOrder: null,
    });
  });

  it('accepts whole numbers only as the mobile order', () => {
    expect(isMobileOrder(null)).toBe(true);
    expect(isMobileOrder(-2)).toBe(true);
    expect(isMobileOrder(1.5)).toBe(false);
    expect(isMobileOrder(Number.NaN)).toBe(false);
  });

  it('exports without identity, customers and version, and imports what it exported', () => {
    const exported = exportedDashboard(DASHBOARD);
    expect(exported).not.toHaveProperty('id');
    expect(exported).not.toHaveProperty('version');
    expect(exported).not.toHaveProperty('tenantId');
    expect(exported).not.toHaveProperty('assignedCustomers');
    expect(exported.configuration).toEqual(DASHBOARD.configuration);
    const imported = parseImportedDashboard(JSON.stringify({ ...DASHBOARD, title: 'Copy' }));
    expect(imported).toMatchObject({ title: 'Copy', configuration: DASHBOARD.configuration, mobileOrder: 3 });
    expect(imported).not.toHaveProperty('id');
    expect(imported).not.toHaveProperty('assignedCustomers');
    expect(imported).not.toHaveProperty('version');
  });

  it('refuses files that are not dashboards', () => {
    expect(parseImportedDashboard('not json')).toBeNull();
    expect(parseImportedDashboard('[1]')).toBeNull();
    expect(parseImportedDashboard('{"title":"x"}')).toBeNull();
    expect(parseImportedDashboard('{"title":"  ","configuration":{}}')).toBeNull();
    expect(parseImportedDashboard('{"title":"x","configuration":[]}')).toBeNull();
    expect(parseImportedDashboard('{"title":"x","configuration":{}}')).toEqual({
      title: 'x',
      configuration: {},
    });
  });
});
