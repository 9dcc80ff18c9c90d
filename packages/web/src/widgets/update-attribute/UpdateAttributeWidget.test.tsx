import type { WidgetConfig } from '@meridian/common';
import { configure, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type DashboardRuntime, DashboardRuntimeContext } from '../../dashboard/dashboard-runtime-context';
import { createFakeBackend, type Handler } from '../../test/fake-backend';
import { renderWithServices } from '../../test/render-widget';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import { inputSelectors as s } from '../input-support/selectors';
import type { WidgetProps } from '../widget-definition';
import { updateAttributeWidget } from './UpdateAttributeWidget';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

const SHARED = 'POST /api/plugins/telemetry/DEVICE/id-T1/attributes/SHARED_SCOPE';
const SERVER = 'POST /api/plugins/telemetry/DEVICE/id-T1/attributes/SERVER_SCOPE';
const TIMESERIES = 'POST /api/plugins/telemetry/DEVICE/id-T1/timeseries/ANY';
const ok: Handler = () => ({ status: 200 });

const SharedDouble = updateAttributeWidget('shared', 'double');
const ServerInteger = updateAttributeWidget('server', 'integer');
const StringTimeseries = updateAttributeWidget('timeseries', 'string');
const ServerBoolean = updateAttributeWidget('server', 'boolean');

const props = (
  value: string | undefined,
  settings: WidgetConfig['settings'] = {},
  name = 'target',
): WidgetProps =>
  widgetProps([dataKey(name, { type: 'attribute', label: 'Target' })], [entityData('T1', [value])], {
    settings,
  });

const field = () => screen.getByTestId(s.field) as HTMLInputElement;
const pathOf = (route: string) => route.split(' ')[1] ?? '';

const readOnlyRuntime = { readOnly: true } as DashboardRuntime;
const publicViewer = (ui: ReactNode) => (
  <DashboardRuntimeContext.Provider value={readOnlyRuntime}>{ui}</DashboardRuntimeContext.Provider>
);

describe('single-value update widgets', () => {
  it('shows the live value, writes a typed double to the shared scope and says so', async () => {
    const backend = createFakeBackend({ [SHARED]: ok });
    const { user, rerender } = renderWithServices(<SharedDouble {...props('21.5')} />, backend);
    expect(field().value).toBe('21.5');
    expect(screen.getByLabelText(/Target/)).toBe(field());
    // Not editing: the field follows the value.
    rerender(<SharedDouble {...props('22')} />);
    expect(field().value).toBe('22');
    expect(screen.getByTestId(s.apply)).toBeDisabled();
    await user.clear(field());
    await user.type(field(), '23.25');
    await user.click(screen.getByTestId(s.apply));
    await waitFor(() => expect(backend.callsTo('POST', pathOf(SHARED))).toHaveLength(1));
    expect(backend.callsTo('POST', pathOf(SHARED))[0]?.body).toEqual({ target: 23.25 });
    expect(await screen.findByTestId(s.result)).toHaveTextContent('Update successful');
    expect(field().value).toBe('23.25');
  });

  it('checks min, max and the required value with the widget’s own message', async () => {
    const backend = createFakeBackend({ [SHARED]: ok });
    const settings = { minValue: 5, maxValue: 35, requiredErrorMessage: 'Set a temperature' };
    const { user } = renderWithServices(<SharedDouble {...props('20', settings)} />, backend);
    await user.clear(field());
    expect(screen.getByText('Set a temperature')).toBeInTheDocument();
    await user.type(field(), '50');
    expect(screen.getByText('The value must be at most 35.')).toBeInTheDocument();
    expect(screen.getByTestId(s.apply)).toBeDisabled();
    await user.clear(field());
    await user.type(field(), '4');
    expect(screen.getByText('The value must be at least 5.')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(backend.callsTo('POST', pathOf(SHARED))).toHaveLength(0);
  });

  it('takes whole numbers only for an integer, and writes it to the server scope', async () => {
    const backend = createFakeBackend({ [SERVER]: ok });
    const { user } = renderWithServices(<ServerInteger {...props('3')} />, backend);
    await user.clear(field());
    await user.type(field(), '2.5');
    expect(screen.getByText('Enter a whole number.')).toBeInTheDocument();
    await user.clear(field());
    await user.type(field(), '7{Enter}');
    await waitFor(() => expect(backend.callsTo('POST', pathOf(SERVER))).toHaveLength(1));
    expect(backend.callsTo('POST', pathOf(SERVER))[0]?.body).toEqual({ target: 7 });
  });

  it('writes text to the time series, checking its length, and shows the server’s error', async () => {
    const backend = createFakeBackend({
      [TIMESERIES]: () => ({ status: 400, body: { status: 400, message: 'Value rejected', errorCode: 31 } }),
    });
    const settings = { minLength: 3, maxLength: 5, showLabel: true, labelValue: 'Mode' };
    const { user } = renderWithServices(<StringTimeseries {...props('auto', settings, 'mode')} />, backend);
    expect(screen.getByLabelText(/Mode/)).toBe(field());
    await user.clear(field());
    await user.type(field(), 'ab');
    expect(screen.getByText('Enter at least 3 characters.')).toBeInTheDocument();
    await user.type(field(), 'cdef');
    expect(screen.getByText('Enter at most 5 characters.')).toBeInTheDocument();
    await user.type(field(), '{Backspace}');
    await user.click(screen.getByTestId(s.apply));
    expect(await screen.findByTestId(s.result)).toHaveTextContent('Value rejected');
    expect(backend.callsTo('POST', pathOf(TIMESERIES))[0]?.body).toEqual({ mode: 'abcde' });
  });

  it('discards the edit back to the live value', async () => {
    const { user } = renderWithServices(<SharedDouble {...props('21')} />);
    await user.clear(field());
    await user.type(field(), '30');
    await user.click(screen.getByTestId(s.discard));
    expect(field().value).toBe('21');
  });

  it('writes a boolean when the checkbox changes, labelled with trueValue and falseValue', async () => {
    const backend = createFakeBackend({ [SERVER]: ok });
    const settings = { trueValue: 'Heating on', falseValue: 'Heating off' };
    const { user } = renderWithServices(<ServerBoolean {...props('false', settings, 'heating')} />, backend);
    expect(screen.getByText('Heating off')).toBeInTheDocument();
    await user.click(field());
    await waitFor(() => expect(backend.callsTo('POST', pathOf(SERVER))).toHaveLength(1));
    expect(backend.callsTo('POST', pathOf(SERVER))[0]?.body).toEqual({ heating: true });
    expect(screen.getByText('Heating on')).toBeInTheDocument();
    expect(field()).toBeChecked();
  });

  it('says a shared attribute needs a device, and that no key is selected', () => {
    const asset = props('1');
    const entity = asset.data[0]?.entities[0];
    if (entity) entity.entity = { ...entity.entity, id: { entityType: 'ASSET', id: 'a-1' } };
    const { unmount } = renderWithServices(<SharedDouble {...asset} />);
    expect(screen.getByTestId(s.problem)).toHaveTextContent('Shared attributes exist only for devices.');
    expect(screen.queryByTestId(s.field)).not.toBeInTheDocument();
    unmount();
    renderWithServices(<SharedDouble {...widgetProps([], [entityData('T1', [])])} />);
    expect(screen.getByTestId(s.problem)).toHaveTextContent('No data key is selected.');
  });

  it('shows the value to a public viewer with the inputs disabled', () => {
    const { unmount } = renderWithServices(publicViewer(<SharedDouble {...props('21')} />));
    expect(field().value).toBe('21');
    expect(field()).toBeDisabled();
    expect(screen.getByTestId(s.apply)).toBeDisabled();
    unmount();
    renderWithServices(publicViewer(<ServerBoolean {...props('true')} />));
    expect(field()).toBeDisabled();
    expect(field()).toBeChecked();
  });
});
