import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { selectors } from '../../selectors';
import { renderApp } from '../../test/render-app';
import { createAdminBackend } from '../tenants/fake-admin-backend';

// Whole-console page tests: generous time when the machine is busy.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

const SYSADMIN = 'sysadmin@meridian.test';
const T = selectors.entityTable;
const P = selectors.tenantProfiles;

async function openProfiles(path = '/tenantProfiles', backend = createAdminBackend()) {
  const app = renderApp({ path, signedInAs: SYSADMIN, backend });
  await screen.findAllByTestId(T.row, {}, { timeout: 5000 });
  return app;
}

function row(name: string): HTMLElement {
  const tr = screen.getByRole('cell', { name, hidden: true }).closest('tr');
  if (!tr) {
    throw new Error(`no row for ${name}`);
  }
  return tr;
}

describe('TenantProfilesPage', () => {
  it('lists the profiles; the default one cannot be selected, deleted or made default again', async () => {
    await openProfiles();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers.slice(1, 5)).toEqual(['Created time', 'Name', 'Description', 'Default']);
    expect(within(row('Default')).getByTestId(T.rowCheckbox)).toBeDisabled();
    expect(within(row('Default')).queryByTestId(T.rowAction('delete'))).not.toBeInTheDocument();
    expect(within(row('Default')).queryByTestId(T.rowAction('makeDefault'))).not.toBeInTheDocument();
    expect(within(row('Small')).getByTestId(T.rowAction('makeDefault'))).toBeInTheDocument();
    expect(within(row('Small')).getByTestId(T.rowAction('delete'))).toBeInTheDocument();
  });

  it('creates a profile with limits and rate limits; bad values keep Add disabled', async () => {
    const { user, backend } = await openProfiles();
    await user.click(screen.getByTestId(T.add));
    await user.click(await screen.findByTestId(T.addMenuItem('add')));
    const dialog = await screen.findByTestId(T.addDialog);
    await user.type(within(dialog).getByTestId(P.name), 'One device');
    await user.click(within(dialog).getByTestId(P.isolatedTbCore));
    const devices = within(dialog).getByTestId(P.limit('maxDevices'));
    expect(devices).toHaveValue(0);
    await user.clear(devices);
    expect(await within(dialog).findByText('A value is required (0 means unlimited).')).toBeInTheDocument();
    await user.type(devices, '-2');
    expect(await within(dialog).findByText('Enter a whole number, 0 or more.')).toBeInTheDocument();
    await user.clear(devices);
    await user.type(devices, '1');
    const rate = within(dialog).getByTestId(P.rateLimit('transportDeviceMsgRateLimit'));
    await user.type(rate, '100:1,bad');
    expect(
      await within(dialog).findByText(
        'The format is comma-separated pairs of capacity and period (in seconds) with a colon between, e.g. 100:1,2000:60.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByTestId(T.addSubmit)).toBeDisabled();
    await user.clear(rate);
    await user.type(rate, '100:1,2000:60');
    await waitFor(() => expect(within(dialog).getByTestId(T.addSubmit)).toBeEnabled());
    await user.click(within(dialog).getByTestId(T.addSubmit));
    await waitFor(() => expect(backend.callsTo('POST', '/api/tenantProfile')).toHaveLength(1));
    const body = backend.callsTo('POST', '/api/tenantProfile')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'One device',
      description: null,
      default: false,
      isolatedTbCore: true,
      isolatedTbRuleEngine: false,
      profileData: {
        configuration: {
          type: 'DEFAULT',
          maxDevices: 1,
          maxAssets: 0,
          rpcTtlDays: 0,
          transportDeviceMsgRateLimit: '100:1,2000:60',
          transportTenantMsgRateLimit: null,
        },
      },
    });
    expect(body).not.toHaveProperty('id');
    expect(await screen.findByRole('cell', { name: 'One device' })).toBeInTheDocument();
  });

  it('makes a profile default after confirmation', async () => {
    const { user, backend } = await openProfiles();
    await user.click(within(row('Small')).getByTestId(T.rowAction('makeDefault')));
    const confirm = await screen.findByTestId(T.confirmDialog);
    expect(confirm).toHaveTextContent('Are you sure you want to make the tenant profile ‘Small’ default?');
    await user.click(within(confirm).getByTestId(T.confirmOk));
    await waitFor(() =>
      expect(backend.callsTo('POST', '/api/tenantProfile/tp-small/default')).toHaveLength(1),
    );
    await waitFor(() => expect(within(row('Small')).getByTestId(T.rowCheckbox)).toBeDisabled());
    expect(within(row('Default')).getByTestId(T.rowAction('makeDefault'))).toBeInTheDocument();
  });

  it('edits a stored profile: isolation stays locked, unknown configuration keys are kept', async () => {
    const backend = createAdminBackend();
    const { user } = renderApp({ path: '/tenantProfiles/tp-small', signedInAs: SYSADMIN, backend });
    const page = await screen.findByTestId(T.detailsPage, {}, { timeout: 5000 });
    expect(await within(page).findByTestId(T.detailsTitle)).toHaveTextContent('Small');
    expect(screen.getByTestId(selectors.shell.breadcrumb)).toHaveTextContent('Tenant profile details');
    await user.click(within(page).getByTestId(T.editToggle));
    expect(within(page).getByTestId(P.isolatedTbCore)).toBeDisabled();
    expect(within(page).getByTestId(P.name)).toBeEnabled();
    const devices = within(page).getByTestId(P.limit('maxDevices'));
    await user.clear(devices);
    await user.type(devices, '25');
    await user.click(within(page).getByTestId(T.apply));
    await waitFor(() => expect(backend.callsTo('POST', '/api/tenantProfile')).toHaveLength(1));
    expect(backend.callsTo('POST', '/api/tenantProfile')[0]?.body).toMatchObject({
      id: { entityType: 'TENANT_PROFILE', id: 'tp-small' },
      name: 'Small',
      isolatedTbCore: false,
      profileData: { configuration: { maxDevices: 25, warnThreshold: 0.8 } },
    });
  });

  it('exports a profile without its id and imports one back; a wrong file is refused', async () => {
    const created: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        created.push(blob);
        return 'blob:profile';
      }),
      revokeObjectURL: vi.fn(),
    });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    // jsdom's Blob has no text(); files in the test carry their content.
    const file = (content: string, name: string) =>
      Object.assign(new File([content], name), { text: async () => content });
    const blobText = (blob: Blob) =>
      new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(blob);
      });
    const { user, backend } = await openProfiles();
    await user.click(within(row('Small')).getByTestId(T.rowAction('export')));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(clicked).toHaveBeenCalledTimes(1);
    const exported = JSON.parse(await blobText(created[0] as Blob)) as Record<string, unknown>;
    expect(exported).toMatchObject({ name: 'Small', default: false, isolatedTbCore: false });
    expect(exported).not.toHaveProperty('id');
    expect(exported).not.toHaveProperty('createdTime');

    await user.click(screen.getByTestId(T.add));
    await user.click(await screen.findByTestId(T.addMenuItem('import')));
    const input = screen.getByTestId(P.importFile);
    fireEvent.change(input, { target: { files: [file('{"name":"x"}', 'x.json')] } });
    expect(
      await screen.findByText('Unable to import tenant profile: Invalid tenant profile data structure.'),
    ).toBeInTheDocument();
    fireEvent.change(input, {
      target: { files: [file(JSON.stringify({ ...exported, name: 'Imported' }), 'p.json')] },
    });
    await waitFor(() => expect(backend.callsTo('POST', '/api/tenantProfile')).toHaveLength(1));
    expect(backend.callsTo('POST', '/api/tenantProfile')[0]?.body).toMatchObject({
      name: 'Imported',
      default: false,
      profileData: { configuration: { type: 'DEFAULT' } },
    });
    expect(await screen.findByRole('cell', { name: 'Imported' })).toBeInTheDocument();
  });
});
