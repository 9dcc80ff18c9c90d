import type { DataKey, JsonObject, WidgetConfig } from '@meridian/common';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DashboardRuntime, DashboardRuntimeContext } from '../../dashboard/dashboard-runtime-context';
import { setSandboxWorkerFactory } from '../../dashboard/sandbox/tenant-scripts';
import { createFakeBackend, type FakeBackend, type Handler } from '../../test/fake-backend';
import { InThreadWorker } from '../../test/in-thread-sandbox';
import { renderWithServices } from '../../test/render-widget';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import { inputSelectors as s } from '../input-support/selectors';
import type { WidgetProps } from '../widget-definition';
import { UpdateMultipleAttributesWidget } from './UpdateMultipleAttributesWidget';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

const ok: Handler = () => ({ status: 200 });
const path = (entity: string, target: string) =>
  target === 'timeseries'
    ? `/api/plugins/telemetry/DEVICE/id-${entity}/timeseries/ANY`
    : `/api/plugins/telemetry/DEVICE/id-${entity}/attributes/${target}`;
const routes = (...entities: string[]) =>
  Object.fromEntries(
    entities.flatMap((entity) =>
      ['SHARED_SCOPE', 'SERVER_SCOPE', 'timeseries'].map((target) => [`POST ${path(entity, target)}`, ok]),
    ),
  );
const bodies = (backend: FakeBackend, entity: string, target: string) =>
  backend.callsTo('POST', path(entity, target)).map((call) => call.body);

const key = (name: string, label: string, settings: JsonObject): DataKey =>
  dataKey(name, {
    type: settings.dataKeyType === 'timeseries' ? 'timeseries' : 'attribute',
    label,
    settings,
  });

const target = key('targetTemperature', 'Target temperature', {
  dataKeyType: 'shared',
  dataKeyValueType: 'double',
  minValue: 5,
  maxValue: 35,
  maxValueErrorMessage: 'Too hot',
  required: true,
});
const powerSaving = key('powerSaving', 'Power saving', {
  dataKeyType: 'server',
  dataKeyValueType: 'booleanSwitch',
});
const mode = key('mode', 'Mode', { dataKeyType: 'timeseries', dataKeyValueType: 'string' });
const THERMOSTAT_KEYS = [target, powerSaving, mode];

const props = (
  keys: DataKey[],
  entities: [string, (string | undefined)[]][],
  settings: WidgetConfig['settings'] = {},
): WidgetProps =>
  widgetProps(
    keys,
    entities.map(([name, values]) => entityData(name, values)),
    { settings },
  );

const input = (label: RegExp | string, scope: HTMLElement = document.body) =>
  within(scope).getByLabelText(label) as HTMLInputElement;

afterEach(() => setSandboxWorkerFactory(null));

describe('update multiple attributes', () => {
  it('shows a titled group per entity and saves only the changed values, one request per entity and target', async () => {
    const backend = createFakeBackend(routes('T1', 'T2'));
    const { user } = renderWithServices(
      <UpdateMultipleAttributesWidget
        {...props(
          THERMOSTAT_KEYS,
          [
            ['T1', ['21', 'false', 'auto']],
            ['T2', ['18.5', 'true', 'eco']],
          ],
          // biome-ignore lint/suspicious/noTemplateCurlyInString: the reference's placeholder
          { showGroupTitle: true, groupTitle: '${entityName} settings' },
        )}
      />,
      backend,
    );
    const groups = screen.getAllByTestId(s.group);
    expect(groups.map((g) => within(g).getByTestId(s.groupTitle).textContent)).toEqual([
      'T1 settings',
      'T2 settings',
    ]);
    const [first, second] = groups as [HTMLElement, HTMLElement];
    expect(input(/Target temperature/, first).value).toBe('21');
    expect(input('Power saving', second)).toBeChecked();
    expect(screen.getByTestId(s.save)).toBeDisabled();

    await user.clear(input(/Target temperature/, first));
    await user.type(input(/Target temperature/, first), '22.5');
    await user.click(input('Power saving', first));
    await user.clear(input('Mode', second));
    await user.type(input('Mode', second), 'boost');
    await user.click(screen.getByTestId(s.save));

    await waitFor(() => expect(screen.getByTestId(s.result)).toHaveTextContent('Update successful'));
    expect(bodies(backend, 'T1', 'SHARED_SCOPE')).toEqual([{ targetTemperature: 22.5 }]);
    expect(bodies(backend, 'T1', 'SERVER_SCOPE')).toEqual([{ powerSaving: true }]);
    expect(bodies(backend, 'T1', 'timeseries')).toEqual([]);
    expect(bodies(backend, 'T2', 'timeseries')).toEqual([{ mode: 'boost' }]);
    expect(bodies(backend, 'T2', 'SHARED_SCOPE')).toEqual([]);
    // Saved: nothing left to save, and the written values stay shown.
    expect(screen.getByTestId(s.save)).toBeDisabled();
    expect(input(/Target temperature/, first).value).toBe('22.5');
  });

  it('sends every value with updateAllValues, under its own labels', async () => {
    const backend = createFakeBackend(routes('T1'));
    const { user } = renderWithServices(
      <UpdateMultipleAttributesWidget
        {...props(THERMOSTAT_KEYS, [['T1', ['21', 'false', 'auto']]], {
          updateAllValues: true,
          saveButtonLabel: 'Apply',
          resetButtonLabel: 'Revert',
        })}
      />,
      backend,
    );
    await user.clear(input('Mode'));
    await user.type(input('Mode'), 'eco');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(bodies(backend, 'T1', 'timeseries')).toEqual([{ mode: 'eco' }]));
    expect(bodies(backend, 'T1', 'SHARED_SCOPE')).toEqual([{ targetTemperature: 21 }]);
    expect(bodies(backend, 'T1', 'SERVER_SCOPE')).toEqual([{ powerSaving: false }]);
    expect(screen.getByRole('button', { name: 'Revert' })).toBeInTheDocument();
  });

  it('shows the key’s messages for out-of-range and missing values, blocks Save, and Undo restores', async () => {
    const backend = createFakeBackend(routes('T1'));
    const { user } = renderWithServices(
      <UpdateMultipleAttributesWidget {...props(THERMOSTAT_KEYS, [['T1', ['21', 'false', 'auto']]])} />,
      backend,
    );
    await user.clear(input(/Target temperature/));
    expect(screen.getByText('A value is required.')).toBeInTheDocument();
    await user.type(input(/Target temperature/), '40');
    expect(screen.getByText('Too hot')).toBeInTheDocument();
    expect(screen.getByTestId(s.save)).toBeDisabled();
    await user.clear(input(/Target temperature/));
    await user.type(input(/Target temperature/), '3');
    expect(screen.getByText('The value must be at least 5.')).toBeInTheDocument();
    await user.click(screen.getByTestId(s.undo));
    expect(input(/Target temperature/).value).toBe('21');
    expect(screen.queryByText('The value must be at least 5.')).not.toBeInTheDocument();
    expect(backend.calls.filter((c) => c.method === 'POST' && c.path.includes('telemetry'))).toEqual([]);
  });

  it('without action buttons saves a field when it is left, and a switch when it changes', async () => {
    const backend = createFakeBackend(routes('T1'));
    const { user } = renderWithServices(
      <UpdateMultipleAttributesWidget
        {...props(THERMOSTAT_KEYS, [['T1', ['21', 'false', 'auto']]], { showActionButtons: false })}
      />,
      backend,
    );
    expect(screen.queryByTestId(s.save)).not.toBeInTheDocument();
    await user.clear(input(/Target temperature/));
    await user.type(input(/Target temperature/), '19');
    expect(bodies(backend, 'T1', 'SHARED_SCOPE')).toEqual([]);
    await user.tab();
    await waitFor(() => expect(bodies(backend, 'T1', 'SHARED_SCOPE')).toEqual([{ targetTemperature: 19 }]));
    await user.click(input('Power saving'));
    await waitFor(() => expect(bodies(backend, 'T1', 'SERVER_SCOPE')).toEqual([{ powerSaving: true }]));
    expect(bodies(backend, 'T1', 'timeseries')).toEqual([]);
  });

  it('honours isEditable, disabledOnDataKey and dataKeyHidden, and writes select, integer and date values', async () => {
    const backend = createFakeBackend(routes('T1'));
    const keys = [
      key('enabled', 'Enabled', { dataKeyType: 'server', dataKeyValueType: 'booleanCheckbox' }),
      key('level', 'Level', {
        dataKeyType: 'server',
        dataKeyValueType: 'integer',
        disabledOnDataKey: 'enabled',
      }),
      key('serial', 'Serial', { dataKeyType: 'server', dataKeyValueType: 'string', isEditable: 'readonly' }),
      key('model', 'Model', { dataKeyType: 'server', dataKeyValueType: 'string', isEditable: 'disabled' }),
      key('secret', 'Secret', { dataKeyType: 'server', dataKeyValueType: 'string', dataKeyHidden: true }),
      key('fan', 'Fan', {
        dataKeyType: 'server',
        dataKeyValueType: 'select',
        selectOptions: [
          { value: 'low', label: 'Low' },
          { value: 'high', label: 'High' },
        ],
      }),
      key('since', 'Since', { dataKeyType: 'server', dataKeyValueType: 'date' }),
    ];
    const since = new Date(2026, 0, 15).getTime();
    const { user } = renderWithServices(
      <UpdateMultipleAttributesWidget
        {...props(keys, [['T1', ['false', '2', 'SN-1', 'M-1', 'x', 'low', String(since)]]])}
      />,
      backend,
    );
    expect(input('Level')).toBeDisabled();
    expect(input('Serial')).toHaveAttribute('readonly');
    expect(input('Model')).toBeDisabled();
    expect(screen.queryByLabelText('Secret')).not.toBeInTheDocument();
    expect(input('Since').value).toBe('2026-01-15');
    await user.click(input('Enabled'));
    expect(input('Level')).toBeEnabled();
    await user.clear(input('Level'));
    await user.type(input('Level'), '4.5');
    expect(screen.getByText('Enter a whole number.')).toBeInTheDocument();
    await user.clear(input('Level'));
    await user.type(input('Level'), '4');
    await user.click(screen.getByRole('combobox', { name: 'Fan' }));
    await user.click(await screen.findByRole('option', { name: 'High' }));
    await user.clear(input('Since'));
    await user.type(input('Since'), '2026-02-01');
    await user.click(screen.getByTestId(s.save));
    await waitFor(() => expect(bodies(backend, 'T1', 'SERVER_SCOPE')).toHaveLength(1));
    expect(bodies(backend, 'T1', 'SERVER_SCOPE')[0]).toEqual({
      enabled: true,
      level: 4,
      fan: 'high',
      since: new Date(2026, 1, 1).getTime(),
    });
  });

  it("shows a date and time in the console's format and writes one typed that way", async () => {
    const backend = createFakeBackend(routes('T1'));
    const keys = [key('serviced', 'Serviced', { dataKeyType: 'server', dataKeyValueType: 'dateTime' })];
    const serviced = new Date(2026, 0, 15, 8, 30).getTime();
    const { user } = renderWithServices(
      <UpdateMultipleAttributesWidget {...props(keys, [['T1', [String(serviced)]]])} />,
      backend,
    );
    expect(input('Serviced').value.replace(/\s/gu, ' ')).toBe('01/15/2026, 08:30 AM');
    await user.clear(input('Serviced'));
    await user.type(input('Serviced'), 'soon');
    await user.tab();
    expect(screen.getByTestId(s.save)).toBeDisabled();
    await user.clear(input('Serviced'));
    await user.type(input('Serviced'), '02/01/2026, 09:45 PM');
    await user.click(screen.getByTestId(s.save));
    await waitFor(() =>
      expect(bodies(backend, 'T1', 'SERVER_SCOPE')).toEqual([
        { serviced: new Date(2026, 1, 1, 21, 45).getTime() },
      ]),
    );
  });

  it('keeps a time as milliseconds since midnight and shows units after the label, as the reference does', async () => {
    const backend = createFakeBackend(routes('T1'));
    const keys = [
      key('wakeUp', 'Wake up', { dataKeyType: 'server', dataKeyValueType: 'time' }),
      { ...key('boost', 'Boost', { dataKeyType: 'server', dataKeyValueType: 'double' }), units: '%' },
    ];
    const { user } = renderWithServices(
      <UpdateMultipleAttributesWidget {...props(keys, [['T1', [String((7 * 60 + 15) * 60_000), '10']]])} />,
      backend,
    );
    expect(input('Wake up').value).toBe('07:15');
    // Units follow the label.
    expect(input('Boost (%)').value).toBe('10');
    await user.clear(input('Wake up'));
    await user.type(input('Wake up'), '06:40');
    await user.click(screen.getByTestId(s.save));
    await waitFor(() =>
      expect(bodies(backend, 'T1', 'SERVER_SCOPE')).toEqual([{ wakeUp: (6 * 60 + 40) * 60_000 }]),
    );
  });

  it('leaves shared attributes of other entities alone, saying why', () => {
    const asset = props(THERMOSTAT_KEYS, [['B1', ['21', 'false', 'auto']]]);
    const entity = asset.data[0]?.entities[0];
    if (entity) entity.entity = { ...entity.entity, id: { entityType: 'ASSET', id: 'b-1' } };
    renderWithServices(<UpdateMultipleAttributesWidget {...asset} />);
    expect(input(/Target temperature/)).toBeDisabled();
    expect(screen.getByText('Shared attributes exist only for devices.')).toBeInTheDocument();
    expect(input('Power saving')).toBeEnabled();
  });

  it('shows a public viewer the values with every input disabled', () => {
    renderWithServices(
      <DashboardRuntimeContext.Provider value={{ readOnly: true } as DashboardRuntime}>
        <UpdateMultipleAttributesWidget {...props(THERMOSTAT_KEYS, [['T1', ['21', 'true', 'auto']]])} />
      </DashboardRuntimeContext.Provider>,
    );
    expect(input(/Target temperature/).value).toBe('21');
    expect(input(/Target temperature/)).toBeDisabled();
    expect(input('Power saving')).toBeDisabled();
    expect(input('Mode')).toBeDisabled();
    expect(screen.getByTestId(s.save)).toBeDisabled();
    expect(screen.getByTestId(s.undo)).toBeDisabled();
  });

  it('maps values both ways with the key’s get and set functions, in the script sandbox', async () => {
    setSandboxWorkerFactory(() => new InThreadWorker());
    const backend = createFakeBackend(routes('T1'));
    const celsius = key('setpoint', 'Setpoint °C', {
      dataKeyType: 'shared',
      dataKeyValueType: 'double',
      useGetValueFunction: true,
      getValueFunctionBody: 'return value / 10;',
      useSetValueFunction: true,
      setValueFunctionBody: 'return value * 10 + (originValue === 215 ? 0 : 1000);',
    });
    const { user } = renderWithServices(
      <UpdateMultipleAttributesWidget {...props([celsius], [['T1', ['215']]])} />,
      backend,
    );
    await waitFor(() => expect(input('Setpoint °C').value).toBe('21.5'));
    await user.clear(input('Setpoint °C'));
    await user.type(input('Setpoint °C'), '23');
    await user.click(screen.getByTestId(s.save));
    await waitFor(() => expect(bodies(backend, 'T1', 'SHARED_SCOPE')).toEqual([{ setpoint: 230 }]));
  });
});
