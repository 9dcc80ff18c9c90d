import type { AuditLog, PageData } from '@meridian/common';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { entityTabsSelectors } from '../../components/entity-tabs/selectors';
import { selectors } from '../../selectors';
import { createFakeBackend } from '../../test/fake-backend';
import { renderApp } from '../../test/render-app';

// Whole-console page tests: generous time when the machine is busy.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

const T = selectors.entityTable;

function entry(n: number, fields: Partial<AuditLog>): AuditLog {
  return {
    id: { id: `log-${n}` },
    createdTime: Date.now() - n * 60_000,
    tenantId: { entityType: 'TENANT', id: 'tenant-1' },
    customerId: { entityType: 'CUSTOMER', id: '13814000-1dd2-11b2-8080-808080808080' },
    entityId: { entityType: 'USER', id: 'user-1' },
    entityName: 'tenant@meridian.test',
    userId: { entityType: 'USER', id: 'user-1' },
    userName: 'tenant@meridian.test',
    actionType: 'LOGIN',
    actionData: { clientAddress: '127.0.0.1' },
    actionStatus: 'SUCCESS',
    actionFailureDetails: null,
    ...fields,
  };
}

const LOGS = [
  entry(1, { entityId: { entityType: 'DEVICE', id: 'd-1' }, entityName: 'Boiler', actionType: 'ADDED' }),
  entry(2, {}),
];

function backend() {
  return createFakeBackend({
    'GET /api/audit/logs': (call) => {
      const text = call.query.get('textSearch')?.toLowerCase() ?? '';
      const data = LOGS.filter((log) => log.entityName.toLowerCase().includes(text));
      const page: PageData<AuditLog> = { data, totalPages: 1, totalElements: data.length, hasNext: false };
      return { body: page };
    },
  });
}

describe('AuditLogsPage', () => {
  it('a tenant administrator opens Audit logs from the menu and reads the tenant log', async () => {
    const app = renderApp({ path: '/home', signedInAs: 'tenant@meridian.test', backend: backend() });
    await app.user.click(await screen.findByTestId(selectors.menu.link('/auditLogs')));
    await waitFor(() => expect(screen.getAllByTestId(T.row)).toHaveLength(2));
    expect(app.router.state.location.pathname).toBe('/auditLogs');
    expect(document.title).toBe('Meridian | Audit logs');
    const rows = screen.getAllByTestId(T.row).map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(1, 6)
        .map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['Device', 'Boiler', 'tenant@meridian.test', 'Added', 'Success'],
      ['User', 'tenant@meridian.test', 'tenant@meridian.test', 'Login', 'Success'],
    ]);
    const call = app.backend.callsTo('GET', '/api/audit/logs')[0];
    expect(call?.query.get('sortProperty')).toBe('createdTime');
    expect(call?.query.get('sortOrder')).toBe('DESC');
    const start = Number(call?.query.get('startTime'));
    const end = Number(call?.query.get('endTime'));
    expect(end - start).toBe(24 * 60 * 60 * 1000);

    await app.user.click(screen.getByTestId(selectors.shell.searchToggle));
    await app.user.type(screen.getByTestId(selectors.shell.searchInput), 'boil');
    await waitFor(() => expect(screen.getAllByTestId(T.row)).toHaveLength(1));
    expect(app.backend.callsTo('GET', '/api/audit/logs').at(-1)?.query.get('textSearch')).toBe('boil');

    await app.user.click(screen.getByTestId(T.rowAction('details')));
    const dialog = await screen.findByTestId(entityTabsSelectors.auditLogs.detailsDialog);
    expect(within(dialog).getByTestId(entityTabsSelectors.auditLogs.actionData)).toHaveValue(
      '{\n  "clientAddress": "127.0.0.1"\n}',
    );
  });

  it('is not offered to customer users', async () => {
    const app = renderApp({ path: '/home', signedInAs: 'customer@meridian.test', backend: backend() });
    await screen.findByTestId('home-page');
    expect(screen.queryByTestId(selectors.menu.link('/auditLogs'))).not.toBeInTheDocument();
    await app.router.navigate('/auditLogs');
    expect(await screen.findByTestId(selectors.app.dialog)).toBeInTheDocument();
    expect(app.backend.callsTo('GET', '/api/audit/logs')).toHaveLength(0);
  });
});
