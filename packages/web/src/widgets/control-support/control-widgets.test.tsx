import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeBackend, type Handler } from '../../test/fake-backend';
import { renderWithServices } from '../../test/render-widget';
import { rpcWidgetProps } from '../../test/widget-test-data';
import { KnobControlWidget } from '../knob-control/KnobControlWidget';
import { LedIndicatorWidget } from '../led-indicator/LedIndicatorWidget';
import { RoundSwitchWidget } from '../round-switch/RoundSwitchWidget';
import { RpcButtonWidget } from '../rpc-button/RpcButtonWidget';
import { SlideToggleWidget } from '../slide-toggle-control/SlideToggleWidget';
import { SwitchControlWidget } from '../switch-control/SwitchControlWidget';
import { controlSelectors } from './selectors';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

const TWO_WAY = 'POST /api/plugins/rpc/twoway/dev-1';
const ONE_WAY = 'POST /api/plugins/rpc/oneway/dev-1';
const answer =
  (body: unknown): Handler =>
  () => ({ body });
const timeout: Handler = () => ({ status: 408 });

describe('RPC button', () => {
  it('sends its two-way method with the parsed params and timeout, and shows the reply', async () => {
    const backend = createFakeBackend({ [TWO_WAY]: answer({ state: 'done' }) });
    const settings = {
      buttonText: 'Reboot',
      oneWayElseTwoWay: false,
      methodName: 'reboot',
      methodParams: '{"delay":5}',
      requestTimeout: 3000,
    };
    const { user } = renderWithServices(<RpcButtonWidget {...rpcWidgetProps(settings)} />, backend);
    await user.click(screen.getByRole('button', { name: 'Reboot' }));
    expect(await screen.findByTestId(controlSelectors.note)).toHaveTextContent('Reply: {"state":"done"}');
    expect(backend.callsTo('POST', '/api/plugins/rpc/twoway/dev-1')[0]?.body).toEqual({
      method: 'reboot',
      params: { delay: 5 },
      timeout: 3000,
    });
  });

  it('sends one-way by default with the reference defaults', async () => {
    const backend = createFakeBackend({ [ONE_WAY]: () => ({ status: 200 }) });
    const { user } = renderWithServices(<RpcButtonWidget {...rpcWidgetProps({})} />, backend);
    await user.click(screen.getByRole('button', { name: 'Send RPC' }));
    await waitFor(() => expect(backend.callsTo('POST', '/api/plugins/rpc/oneway/dev-1')).toHaveLength(1));
    expect(backend.calls.find((c) => c.path.includes('/oneway/'))?.body).toEqual({
      method: 'rpcCommand',
      params: {},
      timeout: 5000,
    });
  });

  it('shows a timeout with showError, and nothing without it', async () => {
    const backend = createFakeBackend({ [TWO_WAY]: timeout });
    const { user, unmount } = renderWithServices(
      <RpcButtonWidget {...rpcWidgetProps({ oneWayElseTwoWay: false, showError: true })} />,
      backend,
    );
    await user.click(screen.getByRole('button', { name: 'Send RPC' }));
    expect(await screen.findByTestId(controlSelectors.error)).toHaveTextContent('Request timeout');
    unmount();
    const quiet = renderWithServices(
      <RpcButtonWidget {...rpcWidgetProps({ oneWayElseTwoWay: false })} />,
      createFakeBackend({ [TWO_WAY]: timeout }),
    );
    await quiet.user.click(screen.getByRole('button', { name: 'Send RPC' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send RPC' })).toBeEnabled());
    expect(screen.queryByTestId(controlSelectors.error)).not.toBeInTheDocument();
  });

  it('says when there is no target device, and is disabled then and for read-only viewers', () => {
    const { unmount } = renderWithServices(<RpcButtonWidget {...rpcWidgetProps({}, { device: false })} />);
    expect(screen.getByTestId(controlSelectors.error)).toHaveTextContent('Target device is not set');
    expect(screen.getByRole('button', { name: 'Send RPC' })).toBeDisabled();
    unmount();
    renderWithServices(<RpcButtonWidget {...rpcWidgetProps({}, { readOnly: true })} />);
    expect(screen.getByRole('button', { name: 'Send RPC' })).toBeDisabled();
    expect(screen.queryByTestId(controlSelectors.error)).not.toBeInTheDocument();
  });
});

describe('switches', () => {
  it('reads the state with getValue, then sends setValue one-way on a click', async () => {
    const backend = createFakeBackend({ [TWO_WAY]: answer(true), [ONE_WAY]: () => ({ status: 200 }) });
    const { user } = renderWithServices(
      <SwitchControlWidget {...rpcWidgetProps({ title: 'Pump', requestTimeout: 2000 })} />,
      backend,
    );
    const toggle = screen.getByRole('switch', { name: 'Pump' });
    await waitFor(() => expect(toggle).toBeChecked());
    expect(backend.callsTo('POST', '/api/plugins/rpc/twoway/dev-1')[0]?.body).toEqual({
      method: 'getValue',
      params: null,
      timeout: 2000,
    });
    expect(screen.getByText('ON')).toBeInTheDocument();
    await user.click(toggle);
    await waitFor(() => expect(backend.callsTo('POST', '/api/plugins/rpc/oneway/dev-1')).toHaveLength(1));
    expect(backend.callsTo('POST', '/api/plugins/rpc/oneway/dev-1')[0]?.body).toEqual({
      method: 'setValue',
      params: false,
      timeout: 2000,
    });
    expect(toggle).not.toBeChecked();
  });

  it('shows the timeout of the value request', async () => {
    renderWithServices(
      <SwitchControlWidget {...rpcWidgetProps({ getValueMethod: 'getPump' })} />,
      createFakeBackend({ [TWO_WAY]: timeout }),
    );
    expect(await screen.findByTestId(controlSelectors.error)).toHaveTextContent('Request timeout');
  });

  it('follows an attribute without asking the device, and sends its own setValueMethod', async () => {
    const backend = createFakeBackend({ [ONE_WAY]: () => ({ status: 409 }) });
    const settings = { retrieveValueMethod: 'attribute', valueKey: 'value', setValueMethod: 'setPump' };
    const { user } = renderWithServices(
      <RoundSwitchWidget {...rpcWidgetProps(settings, { latest: 'true' })} />,
      backend,
    );
    const toggle = screen.getByRole('switch');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    expect(await screen.findByTestId(controlSelectors.error)).toHaveTextContent('Device is offline');
    expect(backend.callsTo('POST', '/api/plugins/rpc/oneway/dev-1')[0]?.body).toMatchObject({
      method: 'setPump',
      params: false,
    });
    expect(backend.callsTo('POST', '/api/plugins/rpc/twoway/dev-1')).toHaveLength(0);
  });

  it('a slide toggle is labelled with its title and disabled for read-only viewers', () => {
    const backend = createFakeBackend();
    renderWithServices(
      <SlideToggleWidget {...rpcWidgetProps({ title: 'Heater', initialValue: true }, { readOnly: true })} />,
      backend,
    );
    const toggle = screen.getByRole('switch', { name: 'Heater' });
    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();
    expect(backend.calls.filter((c) => c.path.includes('/rpc/'))).toHaveLength(0);
  });
});

describe('knob', () => {
  it('shows the device value, and sends a turned value with setValue', async () => {
    const backend = createFakeBackend({ [TWO_WAY]: answer(40), [ONE_WAY]: () => ({ status: 200 }) });
    const { user } = renderWithServices(
      <KnobControlWidget {...rpcWidgetProps({ minValue: 0, maxValue: 200, title: 'Fan' })} />,
      backend,
    );
    await waitFor(() => expect(screen.getByTestId(controlSelectors.knobValue)).toHaveTextContent('40.00'));
    screen.getByRole('slider', { name: 'Fan' }).focus();
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(backend.callsTo('POST', '/api/plugins/rpc/oneway/dev-1')).toHaveLength(1));
    expect(backend.callsTo('POST', '/api/plugins/rpc/oneway/dev-1')[0]?.body).toEqual({
      method: 'setValue',
      params: 42,
      timeout: 500,
    });
    expect(screen.getByTestId(controlSelectors.knobValue)).toHaveTextContent('42.00');
  });

  it('says so when the reply is not a number', async () => {
    renderWithServices(
      <KnobControlWidget {...rpcWidgetProps({})} />,
      createFakeBackend({ [TWO_WAY]: answer('hot') }),
    );
    expect(await screen.findByTestId(controlSelectors.error)).toHaveTextContent(
      'Unable to parse response: "hot"',
    );
  });
});

describe('LED indicator', () => {
  it('checks the device status, then lights with the followed attribute', async () => {
    const backend = createFakeBackend({ [TWO_WAY]: answer(true) });
    const props = rpcWidgetProps({ ledColor: '#ff0000' }, { latest: 'true' });
    renderWithServices(<LedIndicatorWidget {...props} />, backend);
    const led = screen.getByTestId(controlSelectors.led);
    expect(led).toHaveAttribute('data-on', 'false');
    await waitFor(() => expect(led).toHaveAttribute('data-on', 'true'));
    expect(backend.callsTo('POST', '/api/plugins/rpc/twoway/dev-1')[0]?.body).toEqual({
      method: 'checkStatus',
      params: null,
      timeout: 500,
    });
  });

  it('says the status is unknown on a falsy answer, and follows at once without the check', async () => {
    const { unmount } = renderWithServices(
      <LedIndicatorWidget {...rpcWidgetProps({}, { latest: 'true' })} />,
      createFakeBackend({ [TWO_WAY]: answer(false) }),
    );
    expect(await screen.findByTestId(controlSelectors.error)).toHaveTextContent('Unknown device status');
    expect(screen.getByTestId(controlSelectors.led)).toHaveAttribute('data-on', 'false');
    unmount();
    renderWithServices(
      <LedIndicatorWidget {...rpcWidgetProps({ performCheckStatus: false }, { latest: 'false' })} />,
    );
    expect(screen.getByTestId(controlSelectors.led)).toHaveAttribute('data-on', 'false');
  });
});
