import { describe, expect, it } from 'vitest';
import { mayEditDashboard } from './edit-access';

const dashboard = { tenantId: { entityType: 'TENANT' as const, id: 't-1' } };

describe('who may edit a dashboard', () => {
  it('is a tenant administrator of its tenant', () => {
    expect(mayEditDashboard({ authority: 'TENANT_ADMIN', tenantId: 't-1', isPublic: false }, dashboard)).toBe(
      true,
    );
  });

  it('is not an administrator of another tenant, a customer user, a system administrator or a public viewer', () => {
    expect(mayEditDashboard({ authority: 'TENANT_ADMIN', tenantId: 't-2', isPublic: false }, dashboard)).toBe(
      false,
    );
    expect(
      mayEditDashboard({ authority: 'CUSTOMER_USER', tenantId: 't-1', isPublic: false }, dashboard),
    ).toBe(false);
    expect(mayEditDashboard({ authority: 'CUSTOMER_USER', tenantId: 't-1', isPublic: true }, dashboard)).toBe(
      false,
    );
    expect(mayEditDashboard({ authority: 'SYS_ADMIN', tenantId: null, isPublic: false }, dashboard)).toBe(
      false,
    );
    expect(mayEditDashboard(null, dashboard)).toBe(false);
  });
});
