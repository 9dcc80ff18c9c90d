import { type AuditLog, applyPageLink, DAY_MS, type TimePageLink } from '@meridian/common';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { selectors } from '../../../selectors';
import { entityTabsSelectors } from '../selectors';
import { renderTab, tableHeaders, tableRow, tableRows } from '../tab-test-utils';
import { type AuditLogMode, AuditLogTable } from './AuditLogTable';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

const T = selectors.entityTable;
const S = entityTabsSelectors.auditLogs;
const NOW = new Date(2024, 4, 10, 12, 0, 0).getTime();

function log(n: number, fields: Partial<AuditLog>): AuditLog {
  return {
    id: { id: `log-${n}` },
    createdTime: NOW - n * 60_000,
    tenantId: { entityType: 'TENANT', id: 'tenant-1' },
    customerId: { entityType: 'CUSTOMER', id: '13814000-1dd2-11b2-8080-808080808080' },
    entityId: { entityType: 'DEVICE', id: 'device-1' },
    entityName: 'Thermostat',
    userId: { entityType: 'USER', id: 'user-1' },
    userName: 'tenant@meridian.test',
    actionType: 'ADDED',
    actionData: null,
    actionStatus: 'SUCCESS',
    actionFailureDetails: null,
    ...fields,
  };
}

const LOGS = [
  log(1, { actionType: 'ATTRIBUTES_UPDATED', actionData: { scope: 'SERVER_SCOPE', attributes: { t: 1 } } }),
  log(2, {
    actionType: 'RELATION_ADD_OR_UPDATE',
    actionStatus: 'FAILURE',
    actionFailureDetails: 'You do not have permission',
  }),
  log(3, {
    entityId: { entityType: 'ASSET', id: 'asset-1' },
    entityName: 'Building 1',
    actionType: 'DELETED',
  }),
];

function setup(mode: AuditLogMode) {
  const requests: TimePageLink[] = [];
  const fetch = vi.fn(async (pageLink: TimePageLink) => {
    requests.push(pageLink);
    return applyPageLink(
      LOGS.filter((entry) => entry.createdTime >= (pageLink.startTime ?? 0)),
      { ...pageLink, textSearch: undefined },
    );
  });
  const rendered = renderTab(
    <AuditLogTable mode={mode} queryKey={['audit', mode]} fetch={fetch} now={() => NOW} />,
  );
  return { rendered, requests, fetch };
}

describe('AuditLogTable', () => {
  it('lists the tenant log of the last day, newest first, with every column', async () => {
    const { rendered, requests } = setup('tenant');
    await rendered;
    await waitFor(() => expect(tableRows('audit-logs')).toHaveLength(3));
    expect(tableHeaders('audit-logs')).toEqual([
      'Timestamp',
      'Entity type',
      'Entity name',
      'User',
      'Type',
      'Status',
      '',
    ]);
    expect(tableRows('audit-logs')[0]?.slice(0, 6)).toEqual([
      '05/10/2024, 11:59:00 AM',
      'Device',
      'Thermostat',
      'tenant@meridian.test',
      'Attributes updated',
      'Success',
    ]);
    expect(tableRows('audit-logs')[2]?.slice(1, 5)).toEqual([
      'Asset',
      'Building 1',
      'tenant@meridian.test',
      'Deleted',
    ]);
    expect(requests[0]).toEqual({
      pageSize: 10,
      page: 0,
      sortOrder: { property: 'createdTime', direction: 'DESC' },
      startTime: NOW - DAY_MS,
      endTime: NOW,
    });
    expect(screen.getByTestId(S.timewindow)).toHaveTextContent('History – last 1 day');
    // Nothing to add or select.
    expect(screen.queryByTestId(T.add)).not.toBeInTheDocument();
    expect(screen.queryByTestId(T.selectAll)).not.toBeInTheDocument();
  });

  it('an entity tab drops the entity columns, a user tab the user column', async () => {
    const entity = setup('entity');
    await entity.rendered;
    await waitFor(() => expect(tableRows('audit-logs')).toHaveLength(3));
    expect(tableHeaders('audit-logs')).toEqual(['Timestamp', 'User', 'Type', 'Status', '']);
    (await entity.rendered).unmount();
    await waitFor(() => expect(screen.queryByTestId(T.root('audit-logs'))).not.toBeInTheDocument());
    const user = setup('user');
    await user.rendered;
    await waitFor(() => expect(tableRows('audit-logs')).toHaveLength(3));
    expect(tableHeaders('audit-logs')).toEqual([
      'Timestamp',
      'Entity type',
      'Entity name',
      'Type',
      'Status',
      '',
    ]);
  });

  it('shows the action data and failure details of an entry', async () => {
    const { rendered } = setup('tenant');
    const { user } = await rendered;
    await waitFor(() => expect(tableRows('audit-logs')).toHaveLength(3));
    await user.click(
      within(tableRow('audit-logs', 'Attributes updated')).getByTestId(T.rowAction('details')),
    );
    let dialog = await screen.findByTestId(S.detailsDialog);
    expect(dialog).toHaveTextContent('Audit log details');
    expect(JSON.parse((within(dialog).getByTestId(S.actionData) as HTMLTextAreaElement).value)).toEqual({
      scope: 'SERVER_SCOPE',
      attributes: { t: 1 },
    });
    expect(within(dialog).queryByTestId(S.failureDetails)).not.toBeInTheDocument();
    await user.click(within(dialog).getByTestId(S.detailsClose));
    await waitFor(() => expect(screen.queryByTestId(S.detailsDialog)).not.toBeInTheDocument());

    await user.click(within(tableRow('audit-logs', 'Relation updated')).getByTestId(T.rowAction('details')));
    dialog = await screen.findByTestId(S.detailsDialog);
    expect(within(dialog).getByTestId(S.failureDetails)).toHaveValue('You do not have permission');
    expect(tableRow('audit-logs', 'Relation updated').textContent).toContain('Failure');
  });

  it("shows the entry's time, type, status, user and entity in its details, for phones", async () => {
    const { rendered } = setup('entity');
    const { user } = await rendered;
    await waitFor(() => expect(tableRows('audit-logs')).toHaveLength(3));
    await user.click(within(tableRow('audit-logs', 'Relation updated')).getByTestId(T.rowAction('details')));
    const dialog = await screen.findByTestId(S.detailsDialog);
    const summary = (field: string) => within(dialog).getByTestId(S.summary(field)).textContent;
    expect(summary('createdTime')).toBe('05/10/2024, 11:58:00 AM');
    expect(summary('actionType')).toBe('Relation updated');
    expect(summary('actionStatus')).toBe('Failure');
    expect(summary('userName')).toBe('tenant@meridian.test');
    expect(summary('entityType')).toBe('Device');
    expect(summary('entityName')).toBe('Thermostat');
  });

  it('asks the server again for another time window and for a search text', async () => {
    const { rendered, requests } = setup('tenant');
    const { user } = await rendered;
    await waitFor(() => expect(tableRows('audit-logs')).toHaveLength(3));

    await user.click(screen.getByTestId(S.timewindow));
    const panel = await screen.findByTestId(S.timewindowPanel);
    expect(within(panel).getByTestId(S.timewindowUpdate)).toBeDisabled();
    await user.click(within(panel).getByTestId(S.timewindowInterval));
    await user.click(screen.getByRole('option', { name: '7 days' }));
    await user.click(within(panel).getByTestId(S.timewindowUpdate));
    await waitFor(() => expect(requests.at(-1)?.startTime).toBe(NOW - 7 * DAY_MS));
    expect(screen.getByTestId(S.timewindow)).toHaveTextContent('History – last 7 days');
    expect(requests.at(-1)?.page).toBe(0);

    await user.click(screen.getByTestId(S.timewindow));
    const fixed = await screen.findByTestId(S.timewindowPanel);
    await user.click(within(fixed).getByTestId(S.timewindowFixed));
    const start = within(fixed).getByTestId(S.timewindowStart);
    await user.clear(start);
    // Typed in the console's English format (the picker shows and reads it).
    await user.type(start, '05/10/2024, 11:57 AM');
    await user.click(within(fixed).getByTestId(S.timewindowUpdate));
    await waitFor(() => expect(requests.at(-1)?.startTime).toBe(NOW - 3 * 60_000));
    expect(requests.at(-1)?.endTime).toBe(NOW);
    await waitFor(() => expect(tableRows('audit-logs')).toHaveLength(3));
    expect(screen.getByTestId(S.timewindow)).toHaveTextContent(
      'History – from 05/10/2024, 11:57:00 AM to 05/10/2024, 12:00:00 PM',
    );

    await user.click(screen.getByTestId(T.searchToggle));
    await user.type(screen.getByTestId(T.searchInput), 'thermo');
    await waitFor(() => expect(requests.at(-1)?.textSearch).toBe('thermo'));
  });
});
