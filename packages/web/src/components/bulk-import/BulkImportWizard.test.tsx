import type { BulkImportRequest, BulkImportResult } from '@meridian/common';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createI18n, loadConsoleMessages } from '../../i18n/i18n';
import { selectors } from '../../selectors';
import { createEntityBackend } from '../../test/fake-entities';
import { renderApp } from '../../test/render-app';
import { BulkImportWizard } from './BulkImportWizard';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

const S = selectors.bulkImport;

function csvFile(text: string, name = 'devices.csv') {
  return new File([text], name, { type: 'text/csv' });
}

/** Devices "Device 1" … "Device n" with a type, a token and a temperature. */
function devicesCsv(count: number, broken: number[] = []) {
  const rows = Array.from({ length: count }, (_u, i) =>
    broken.includes(i + 1) ? `Device ${i + 1},thermostat` : `Device ${i + 1},thermostat,TOKEN_${i + 1},2${i}`,
  );
  return ['name,type,token,temperature', ...rows].join('\n');
}

async function renderWizard(
  importChunk: (request: BulkImportRequest, signal: AbortSignal) => Promise<BulkImportResult>,
) {
  const i18n = createI18n('en_US');
  await loadConsoleMessages(i18n);
  const onImported = vi.fn();
  const onClose = vi.fn();
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={i18n}>
      <BulkImportWizard
        entityType="DEVICE"
        title="Import device"
        importChunk={importChunk}
        onImported={onImported}
        onClose={onClose}
      />
    </I18nextProvider>,
  );
  return { user, onImported, onClose };
}

/** Answers a part like the server: every line with four values is created, others fail. */
function fakeServer(requests: BulkImportRequest[]) {
  return async (request: BulkImportRequest): Promise<BulkImportResult> => {
    requests.push(request);
    const lines = request.file.split('\n');
    const errorsList = lines.flatMap((line, index) =>
      line.split(',').length === 4 ? [] : [`Line: ${index + 1}; Error: Wrong number of columns`],
    );
    return { created: lines.length - errorsList.length, updated: 0, errors: errorsList.length, errorsList };
  };
}

async function chooseFile(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.upload(screen.getByTestId(S.fileInput), csvFile(text));
  expect(await screen.findByTestId(S.fileName)).toHaveTextContent('devices.csv');
}

describe('BulkImportWizard', () => {
  it('imports in parts with line numbers of the whole file', async () => {
    const requests: BulkImportRequest[] = [];
    const { user, onImported } = await renderWizard(fakeServer(requests));
    expect(screen.getByTestId(S.next)).toBeDisabled();
    await chooseFile(user, devicesCsv(250, [137]));
    await user.click(screen.getByTestId(S.next));
    // Settings: the reference defaults.
    expect(screen.getByTestId(S.header)).toBeChecked();
    expect(screen.getByTestId(S.update)).toBeChecked();
    await user.click(screen.getByTestId(S.update));
    await user.click(screen.getByTestId(S.next));
    // Columns: name and type found by title; the others keyed by title.
    const rows = screen.getAllByTestId(S.columnRow);
    expect(rows).toHaveLength(4);
    expect(within(rows[0] as HTMLElement).getByText('Device 1')).toBeInTheDocument();
    expect(screen.getByTestId(S.columnType(0))).toHaveTextContent('Name');
    expect(screen.getByTestId(S.columnType(1))).toHaveTextContent('Type');
    expect(screen.getByTestId(S.columnKey(2))).toHaveValue('token');
    // The token column becomes the access token; Name is taken, so it cannot be chosen twice.
    await user.click(screen.getByTestId(S.columnType(2)));
    expect(screen.getByTestId(S.columnTypeOption('NAME'))).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByTestId(S.columnTypeOption('ACCESS_TOKEN')));
    expect(screen.queryByTestId(S.columnKey(2))).not.toBeInTheDocument();
    await user.click(screen.getByTestId(S.columnType(3)));
    await user.click(screen.getByTestId(S.columnTypeOption('TIMESERIES')));
    expect(screen.getByTestId(S.columnKey(3))).toHaveValue('temperature');
    await user.click(screen.getByTestId(S.start));

    expect(await screen.findByTestId(S.result)).toBeInTheDocument();
    expect(requests.map((r) => r.file.split('\n').length)).toEqual([100, 100, 50]);
    expect(requests[1]?.file.split('\n')[0]).toBe('Device 101,thermostat,TOKEN_101,2100');
    expect(requests[0]?.mapping).toEqual({
      columns: [
        { type: 'NAME' },
        { type: 'TYPE' },
        { type: 'ACCESS_TOKEN' },
        { type: 'TIMESERIES', key: 'temperature' },
      ],
      delimiter: ',',
      header: false,
      update: false,
    });
    expect(screen.getByTestId(S.created)).toHaveTextContent('249 new entities were created.');
    expect(screen.getByTestId(S.updated)).toHaveTextContent('0 entities were updated.');
    expect(screen.getByTestId(S.errors)).toHaveTextContent('1 line failed:');
    // Device 137 is on line 138 of the file (the header is line 1).
    expect(screen.getByTestId(S.errorList)).toHaveTextContent('Line: 138; Error: Wrong number of columns');
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it('cancel stops before the next part and shows what was imported', async () => {
    const requests: BulkImportRequest[] = [];
    let release: () => void = () => undefined;
    const answer = fakeServer(requests);
    const { user } = await renderWizard(async (request) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return answer(request);
    });
    await chooseFile(user, devicesCsv(300));
    await user.click(screen.getByTestId(S.next));
    await user.click(screen.getByTestId(S.next));
    await user.click(screen.getByTestId(S.columnType(2)));
    await user.click(screen.getByTestId(S.columnTypeOption('ACCESS_TOKEN')));
    await user.click(screen.getByTestId(S.start));
    expect(await screen.findByTestId(S.progress)).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByTestId(S.progressText)).toHaveTextContent('0 of 300 lines imported');
    release();
    await waitFor(() => expect(screen.getByTestId(S.progress)).toHaveAttribute('aria-valuenow', '33'));
    await user.click(screen.getByTestId(S.cancel));
    expect(screen.getByTestId(S.cancel)).toBeDisabled();
    release();
    expect(await screen.findByTestId(S.status)).toHaveTextContent(
      'Import cancelled: 200 of 300 lines were imported; the others were not sent.',
    );
    expect(requests).toHaveLength(2);
    expect(screen.getByTestId(S.created)).toHaveTextContent('200 new entities were created.');
  });

  it('a part refused as a whole ends the import and names the first line not imported', async () => {
    const { user } = await renderWizard(async (request) => {
      if (request.file.startsWith('Device 101,')) {
        throw new Error('Unable to connect');
      }
      return { created: 100, updated: 0, errors: 0, errorsList: [] };
    });
    await chooseFile(user, devicesCsv(150));
    await user.click(screen.getByTestId(S.next));
    await user.click(screen.getByTestId(S.next));
    await user.click(screen.getByTestId(S.columnType(2)));
    await user.click(screen.getByTestId(S.columnTypeOption('ACCESS_TOKEN')));
    await user.click(screen.getByTestId(S.start));
    expect(await screen.findByTestId(S.status)).toHaveTextContent(
      'The import stopped at line 102 (Unable to connect); that line and the following ones were not imported.',
    );
    expect(screen.getByTestId(S.created)).toHaveTextContent('100 new entities were created.');
  });

  it('needs Name and Type columns and a key for attributes', async () => {
    const { user } = await renderWizard(fakeServer([]));
    await chooseFile(user, 'a;b;c\n1;2;3');
    await user.click(screen.getByTestId(S.next));
    await user.click(screen.getByTestId(S.header));
    await user.click(screen.getByTestId(S.delimiter));
    await user.click(screen.getByTestId(S.delimiterOption('semicolon')));
    await user.click(screen.getByTestId(S.next));
    expect(screen.getAllByTestId(S.columnRow)).toHaveLength(3);
    expect(screen.getByTestId(S.mappingProblem)).toHaveTextContent('Enter the key of column 1.');
    expect(screen.getByTestId(S.start)).toBeDisabled();
    await user.click(screen.getByTestId(S.columnType(0)));
    await user.click(screen.getByTestId(S.columnTypeOption('NAME')));
    await user.type(screen.getByTestId(S.columnKey(2)), 'humidity');
    expect(screen.getByTestId(S.mappingProblem)).toHaveTextContent('Enter the key of column 2.');
    await user.click(screen.getByTestId(S.columnType(1)));
    await user.click(screen.getByTestId(S.columnTypeOption('LABEL')));
    expect(screen.getByTestId(S.mappingProblem)).toHaveTextContent('Choose a column for each of: Type.');
    await user.click(screen.getByTestId(S.columnType(1)));
    await user.click(screen.getByTestId(S.columnTypeOption('TYPE')));
    expect(screen.queryByTestId(S.mappingProblem)).not.toBeInTheDocument();
    expect(screen.getByTestId(S.start)).toBeEnabled();
  });

  it('refuses files that are not CSV or are empty', async () => {
    const { user, onClose } = await renderWizard(fakeServer([]));
    // Accepted by its MIME type, refused by its name.
    await user.upload(screen.getByTestId(S.fileInput), csvFile('name\nA', 'devices.txt'));
    expect(await screen.findByTestId(S.fileError)).toHaveTextContent(
      'Only CSV files (.csv) can be imported.',
    );
    await user.upload(screen.getByTestId(S.fileInput), csvFile(''));
    expect(await screen.findByTestId(S.fileError)).toHaveTextContent('The file is empty.');
    expect(screen.getByTestId(S.next)).toBeDisabled();
    await user.click(screen.getByTestId(S.cancel));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('device and asset import from the tables', () => {
  it('the devices Add menu imports devices through /api/device/bulk_import and refreshes the list', async () => {
    const backend = createEntityBackend(undefined, {
      'POST /api/device/bulk_import': () => ({ body: { created: 1, updated: 0, errors: 0, errorsList: [] } }),
    });
    const { user } = renderApp({ path: '/devices', signedInAs: 'tenant@meridian.test', backend });
    await screen.findAllByTestId(selectors.entityTable.row, {}, { timeout: 5000 });
    const listCalls = backend.callsTo('GET', '/api/tenant/deviceInfos').length;
    await user.click(screen.getByTestId(selectors.entityTable.add));
    await user.click(await screen.findByTestId(selectors.entityTable.addMenuItem('importDevices')));
    const dialog = await screen.findByTestId(S.dialog);
    expect(dialog).toHaveTextContent('Import device');
    await chooseFile(user, 'name,type\nBoiler 1,boilers');
    await user.click(screen.getByTestId(S.next));
    await user.click(screen.getByTestId(S.next));
    await user.click(screen.getByTestId(S.start));
    expect(await screen.findByTestId(S.created)).toHaveTextContent('1 new entity was created.');
    expect(backend.callsTo('POST', '/api/device/bulk_import')[0]?.body).toEqual({
      file: 'Boiler 1,boilers',
      mapping: { columns: [{ type: 'NAME' }, { type: 'TYPE' }], delimiter: ',', header: false, update: true },
    });
    await waitFor(() =>
      expect(backend.callsTo('GET', '/api/tenant/deviceInfos').length).toBeGreaterThan(listCalls),
    );
    await user.click(screen.getByTestId(S.close));
    await waitFor(() => expect(screen.queryByTestId(S.dialog)).not.toBeInTheDocument());
  });

  it('the assets Add menu offers the asset import with the asset column types', async () => {
    const { user } = renderApp({
      path: '/assets',
      signedInAs: 'tenant@meridian.test',
      backend: createEntityBackend(),
    });
    await screen.findAllByTestId(selectors.entityTable.row, {}, { timeout: 5000 });
    await user.click(screen.getByTestId(selectors.entityTable.add));
    await user.click(await screen.findByTestId(selectors.entityTable.addMenuItem('importAssets')));
    expect(await screen.findByTestId(S.dialog)).toHaveTextContent('Import asset');
    await chooseFile(user, 'name,type\nTank,tanks');
    await user.click(screen.getByTestId(S.next));
    await user.click(screen.getByTestId(S.next));
    await user.click(screen.getByTestId(S.columnType(1)));
    expect(screen.queryByTestId(S.columnTypeOption('ACCESS_TOKEN'))).not.toBeInTheDocument();
    expect(screen.getByTestId(S.columnTypeOption('DESCRIPTION'))).toBeInTheDocument();
  });
});
