import type { JsonValue } from '@meridian/common';
import { useCallback, useEffect, useRef } from 'react';
import { sendRpc } from '../../api/rpc';
import { useServices } from '../../app/services/useServices';
import type { RpcTarget } from '../widget-definition';

export interface DeviceRpc {
  /** The device commands go to; null when the widget has no target device. */
  deviceId: string | null;
  /** Whether the viewer may send commands (a target device, not a read-only viewer). */
  enabled: boolean;
  /** Sends one command; the timeout goes in the body only when positive (as the reference does). */
  send: (twoWay: boolean, method: string, params: JsonValue, timeout: number) => Promise<JsonValue>;
  /** Whether the widget is still on screen: answers that arrive later are dropped. */
  mounted: () => boolean;
}

/** Commands of a control widget to its target device, through the RPC API. */
export function useDeviceRpc(rpc: RpcTarget | undefined): DeviceRpc {
  const { http } = useServices();
  const deviceId = rpc?.device?.id.id ?? null;
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const send = useCallback(
    (twoWay: boolean, method: string, params: JsonValue, timeout: number) => {
      if (!deviceId) return Promise.reject(new Error('No target device'));
      return sendRpc(
        http,
        deviceId,
        twoWay,
        { method, params, ...(timeout > 0 ? { timeout } : {}) },
        {},
        'v1',
      );
    },
    [http, deviceId],
  );
  const mounted = useCallback(() => live.current, []);
  return { deviceId, enabled: deviceId !== null && rpc?.readOnly !== true, send, mounted };
}
