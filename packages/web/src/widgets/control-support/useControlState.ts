import type { JsonValue } from '@meridian/common';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type RetrieveValueMethod,
  type RpcValueSource,
  retrieveValueMethodOf,
} from '../../dashboard/runtime/rpc-target';
import { stringSetting } from '../gauge-support/gauge-value';
import type { WidgetProps } from '../widget-definition';
import { type ControlFailure, controlFailureOf, requestTimeoutOf } from './rpc-command';
import { type DeviceRpc, useDeviceRpc } from './useDeviceRpc';

/** The latest value of the key an RPC widget follows, for its target device. */
export function followedValue({ data, rpc }: Pick<WidgetProps, 'data' | 'rpc'>): string | undefined {
  const deviceId = rpc?.device?.id.id;
  const values = data[0]?.entities.find((entity) => entity.entity.id.id === deviceId);
  return values?.latest[0]?.value;
}

/**
 * Sends the newest value only: while one update is on its way, later ones wait and only the last
 * of them follows (the reference's `executingUpdateValue` / `scheduledValue`).
 */
function useLatestUpdate<T>(send: (value: T) => Promise<unknown>, onFailure: (error: unknown) => void) {
  const state = useRef<{ busy: boolean; next: { value: T } | null; sent: T | undefined }>({
    busy: false,
    next: null,
    sent: undefined,
  });
  const latest = useRef({ send, onFailure });
  latest.current = { send, onFailure };
  const update = useCallback((value: T) => {
    const current = state.current;
    if (current.busy) {
      current.next = { value };
      return;
    }
    current.busy = true;
    current.next = null;
    current.sent = value;
    latest.current.send(value).then(
      () => {
        current.busy = false;
        const next = current.next;
        if (next && next.value !== current.sent) update(next.value);
      },
      (error: unknown) => {
        current.busy = false;
        latest.current.onFailure(error);
      },
    );
  }, []);
  return update;
}

/** What every control widget holds: its RPC link, its settings' methods and its last failure. */
export interface ControlState<T> {
  rpc: DeviceRpc;
  value: T;
  failure: ControlFailure | null;
  /** Shows a new value and sends it with `setValueMethod` (one-way, params: the value). */
  change: (value: T) => void;
  method: RetrieveValueMethod;
  timeout: number;
}

/**
 * The state of a switch or knob (reference switch and knob controllers): starts at `initial`, reads
 * the device's value with a two-way `getValueMethod` call (default `getValue`, params null) or
 * follows the attribute or time series the runtime subscribes, and sends changes with
 * `setValueMethod` (default `setValue`).
 */
export function useControlState<T>(
  props: WidgetProps,
  source: RpcValueSource,
  initial: T,
  fromReply: (reply: JsonValue) => T | ControlFailure,
  fromKeyValue: (value: string) => T,
  toParams: (value: T) => JsonValue,
): ControlState<T> {
  const settings = props.config.settings;
  const rpc = useDeviceRpc(props.rpc);
  const method = retrieveValueMethodOf(settings, source);
  const timeout = requestTimeoutOf(settings);
  const getValueMethod = stringSetting(settings, 'getValueMethod') ?? 'getValue';
  const setValueMethod = stringSetting(settings, 'setValueMethod') ?? 'setValue';
  const [value, setValue] = useState<T>(initial);
  const [failure, setFailure] = useState<ControlFailure | null>(null);
  const { enabled, send, mounted } = rpc;
  const fromReplyRef = useRef(fromReply);
  fromReplyRef.current = fromReply;

  useEffect(() => {
    if (!enabled || method !== 'rpc') return;
    setFailure(null);
    send(true, getValueMethod, null, timeout).then(
      (reply) => {
        if (!mounted()) return;
        const parsed = fromReplyRef.current(reply);
        if (isFailure(parsed)) setFailure(parsed);
        else setValue(parsed);
      },
      (error: unknown) => mounted() && setFailure(controlFailureOf(error)),
    );
  }, [enabled, method, send, getValueMethod, timeout, mounted]);

  const followed = method === 'attribute' || method === 'timeseries' ? followedValue(props) : undefined;
  const fromKeyValueRef = useRef(fromKeyValue);
  fromKeyValueRef.current = fromKeyValue;
  useEffect(() => {
    if (followed !== undefined) setValue(fromKeyValueRef.current(followed));
  }, [followed]);

  const update = useLatestUpdate<T>(
    (next) => send(false, setValueMethod, toParams(next), timeout),
    (error) => mounted() && setFailure(controlFailureOf(error)),
  );
  const change = useCallback(
    (next: T) => {
      if (!enabled) return;
      setValue(next);
      setFailure(null);
      update(next);
    },
    [enabled, update],
  );
  return { rpc, value, failure, change, method, timeout };
}

function isFailure(value: unknown): value is ControlFailure {
  return typeof value === 'object' && value !== null && 'key' in value;
}
