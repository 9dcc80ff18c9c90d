import { describe, expect, it } from 'vitest';
import { allowedAliasEntityTypes } from './alias-entity-types.js';
import { consoleEntityFields, resolveQueryEntityField } from './entity-fields.js';
import { entityDetailsRoute, entityListRoute, publicDashboardUrl } from './entity-routes.js';

describe('resolveQueryEntityField', () => {
  it('aliases name and label to title for tenants and customers', () => {
    expect(resolveQueryEntityField('CUSTOMER', 'name')).toBe('title');
    expect(resolveQueryEntityField('TENANT', 'label')).toBe('title');
    expect(resolveQueryEntityField('CUSTOMER', 'zip')).toBe('zip');
  });

  it('aliases name, label and title to email for users', () => {
    expect(resolveQueryEntityField('USER', 'title')).toBe('email');
    expect(resolveQueryEntityField('USER', 'firstName')).toBe('firstName');
    expect(resolveQueryEntityField('USER', 'entityType')).toBeNull();
  });

  it('rejects keys a type does not have', () => {
    expect(resolveQueryEntityField('DEVICE', 'title')).toBeNull();
    expect(resolveQueryEntityField('DASHBOARD', 'name')).toBeNull();
    expect(resolveQueryEntityField('ALARM', 'createdTime')).toBeNull();
    expect(resolveQueryEntityField('TENANT', 'constructor')).toBeNull();
    expect(resolveQueryEntityField('__proto__' as 'TENANT', 'name')).toBeNull();
  });

  it('offers console fields per type, createdTime otherwise', () => {
    expect(consoleEntityFields('DASHBOARD')).toEqual(['createdTime', 'title']);
    expect(consoleEntityFields('OTA_PACKAGE')).toEqual(['createdTime']);
  });
});

describe('entity routes', () => {
  it('map entity types to list and details routes', () => {
    expect(entityListRoute('TB_RESOURCE')).toBe('/settings/resources-library');
    expect(entityListRoute('EDGE')).toBe('/edgeInstances');
    expect(entityListRoute('ALARM')).toBeNull();
    expect(entityDetailsRoute('DEVICE', 'abc')).toBe('/devices/abc');
    expect(entityDetailsRoute('RPC', 'abc')).toBeNull();
    expect(entityListRoute('constructor' as 'DEVICE')).toBeNull();
  });

  it('build the public dashboard link', () => {
    expect(publicDashboardUrl('https://iot.example/', 'd1', 'c9')).toBe(
      'https://iot.example/dashboard/d1?publicId=c9',
    );
  });
});

describe('allowedAliasEntityTypes', () => {
  it('gives sys admins tenants only', () => {
    expect(allowedAliasEntityTypes('SYS_ADMIN', true)).toEqual(['TENANT']);
  });

  it('gives tenant admins edge only when edges are enabled', () => {
    expect(allowedAliasEntityTypes('TENANT_ADMIN', false)).toEqual([
      'DEVICE',
      'ASSET',
      'ENTITY_VIEW',
      'TENANT',
      'CUSTOMER',
      'USER',
      'DASHBOARD',
      'CURRENT_CUSTOMER',
      'CURRENT_TENANT',
    ]);
    expect(allowedAliasEntityTypes('TENANT_ADMIN', true)).toContain('EDGE');
  });

  it('gives customer users no tenant types', () => {
    const types = allowedAliasEntityTypes('CUSTOMER_USER', true);
    expect(types).not.toContain('TENANT');
    expect(types).not.toContain('CURRENT_TENANT');
    expect(types).toContain('EDGE');
    expect(types).toContain('CURRENT_CUSTOMER');
  });
});
