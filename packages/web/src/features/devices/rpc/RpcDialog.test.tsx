import type { Rpc } from '@meridian/common';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Handler } from '../../../test/fake-backend';
import { renderDeviceDialog, TEST_DEVICE } from '../connectivity/render-device-dialog';
import { RpcDialog } from './RpcDialog';
import { rpcSelectors as S } from './selectors';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

const NO_RPCS = { body: { data: [], totalPages: 0, totalElements: 0, hasNext: false } };

function persistent(status: Rpc['status'], response: unknown = null): Rpc {
  return {
    id: { entityType: 'RPC', id: 'rpc-1' },
    createdTime: new Date(2024, 0, 1, 12, 0, 0).getTime(),
    tenantId: { entityType: 'TENANT', id: 'tenant-1' },
    deviceId: TEST_DEVICE.id,
    expirationTime: 0,
    request: { id: 1, body: { method: 'setGpio', params: { pin: 4 } } },
    response,
    status,
  } as unknown as Rpc;
}

async function open(handlers: Record<string, Handler>) {
  const view = await renderDeviceDialog(<RpcDialog device={TEST_DEVICE} onClose={() => undefined} />, {
    'GET /api/rpc/persistent/device/device-1': () => NO_RPCS,
    ...handlers,
  });
  await screen.findByTestId(S.dialog);
  return view;
}

describe('RpcDialog', () => {
  it('sends a two-way RPC with JSON params and shows the reply', async () => {
    const twoWay = vi.fn<Handler>(() => ({ body: { gpio: 4, value: true } }));
    const { user } = await open({ 'POST /api/rpc/twoway/device-1': twoWay });
    const send = screen.getByTestId(S.send);
    expect(send).toBeDisabled();
    expect(screen.getByTestId(S.timeout)).toHaveValue(10000);
    await user.type(screen.getByTestId(S.method), 'setGpio');
    const params = screen.getByTestId(S.params);
    await user.clear(params);
    await user.type(params, '{{"pin": 4');
    expect(await screen.findByText('Params must be valid JSON.')).toBeInTheDocument();
    expect(send).toBeDisabled();
    await user.type(params, '}');
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    const reply = await screen.findByTestId(S.reply);
    expect(JSON.parse(reply.textContent ?? '')).toEqual({ gpio: 4, value: true });
    expect(twoWay.mock.calls[0]?.[0].body).toEqual({ method: 'setGpio', params: { pin: 4 }, timeout: 10000 });
  });

  it('refuses timeouts under 5000 ms and sends one-way when two-way is off', async () => {
    const oneWay = vi.fn<Handler>(() => ({}));
    const { user } = await open({ 'POST /api/rpc/oneway/device-1': oneWay });
    await user.type(screen.getByTestId(S.method), 'reboot');
    const timeout = screen.getByTestId(S.timeout);
    await user.clear(timeout);
    await user.type(timeout, '4999');
    expect(
      await screen.findByText('Timeout must be a whole number of at least 5000 ms.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId(S.send)).toBeDisabled();
    await user.clear(timeout);
    await user.type(timeout, '5000');
    await user.click(screen.getByTestId(S.twoWay));
    await user.click(screen.getByTestId(S.send));
    expect(await screen.findByTestId(S.reply)).toHaveTextContent('Delivered to the device.');
    expect(oneWay.mock.calls[0]?.[0].body).toEqual({ method: 'reboot', params: {}, timeout: 5000 });
  });

  it.each([
    [504, 'No answer: the device is not connected or did not answer in time.'],
    [408, 'Device did not answer in time.'],
    [409, 'Device is not connected.'],
  ])('explains a %i in words, without a toast', async (status, text) => {
    const { user, services } = await open({
      'POST /api/rpc/twoway/device-1': () => ({ status, body: { status, message: 'x', errorCode: 2 } }),
    });
    const toasts = vi.spyOn(services.toasts, 'show');
    await user.type(screen.getByTestId(S.method), 'getTemperature');
    await user.click(screen.getByTestId(S.send));
    expect(await screen.findByTestId(S.error)).toHaveTextContent(text);
    expect(toasts).not.toHaveBeenCalled();
  });

  it('queues a persistent RPC, shows its id and lists the device persistent RPCs with status', async () => {
    let list: Rpc[] = [];
    const { user } = await open({
      'POST /api/rpc/twoway/device-1': (call) => {
        expect(call.body).toMatchObject({ persistent: true });
        list = [persistent('QUEUED')];
        return { body: { rpcId: 'rpc-1' } };
      },
      'GET /api/rpc/persistent/device/device-1': () => ({
        body: { data: list, totalPages: 1, totalElements: list.length, hasNext: false },
      }),
    });
    expect(
      await within(screen.getByTestId(S.persistentList)).findByText('No persistent RPCs.'),
    ).toBeInTheDocument();
    await user.type(screen.getByTestId(S.method), 'setGpio');
    await user.click(screen.getByTestId(S.persistent));
    await user.click(screen.getByTestId(S.send));
    expect(await screen.findByTestId(S.rpcId)).toHaveTextContent('rpc-1');
    const row = await screen.findByTestId(S.persistentRow);
    expect(row).toHaveTextContent('setGpio');
    expect(row).toHaveTextContent('Queued');
    list = [persistent('SUCCESSFUL', { ok: true })];
    await user.click(screen.getByTestId(S.persistentRefresh));
    await waitFor(() => expect(screen.getByTestId(S.persistentRow)).toHaveTextContent('Successful'));
    expect(screen.getByTestId(S.persistentRow)).toHaveTextContent('{"ok":true}');
  });
});
