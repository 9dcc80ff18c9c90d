import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { ServicesContext } from '../../app/services/services-context';
import { sessionTelemetrySocket } from './session-socket';
import type {
  CommandInput,
  SocketStatus,
  SubscriptionKinds,
  SubscriptionList,
  TelemetrySocket,
} from './telemetry-socket';

/** Overrides the session's socket (component tests provide one over a fake connection). */
export const TelemetrySocketContext = createContext<TelemetrySocket | null>(null);

/** The telemetry socket of the signed-in session. */
export function useTelemetrySocket(): TelemetrySocket {
  const provided = useContext(TelemetrySocketContext);
  const services = useContext(ServicesContext);
  if (provided) {
    return provided;
  }
  if (!services) {
    throw new Error('useTelemetrySocket must be used inside AppProviders or a TelemetrySocketContext');
  }
  return sessionTelemetrySocket(services.auth);
}

/** Whether live updates flow right now (open) or are being restored (connecting, reconnecting). */
export function useTelemetrySocketStatus(): SocketStatus {
  const socket = useTelemetrySocket();
  return useSyncExternalStore(socket.subscribeStatus, socket.getStatus, socket.getStatus);
}

/**
 * Keeps one subscription while the component is mounted and `command` stays the same (compared by
 * value); a null command subscribes to nothing. `onUpdate` may change on every render.
 */
export function useTelemetrySubscription<L extends SubscriptionList>(
  list: L,
  command: CommandInput<L> | null,
  onUpdate: (update: SubscriptionKinds[L]['update']) => void,
): void {
  const socket = useTelemetrySocket();
  const handler = useRef(onUpdate);
  useEffect(() => {
    handler.current = onUpdate;
  });
  const key = command === null ? null : JSON.stringify(command);
  useEffect(() => {
    if (key === null) {
      return undefined;
    }
    const parsed = JSON.parse(key) as CommandInput<L>;
    return socket.subscribe(list, parsed, (update) => handler.current(update));
  }, [socket, list, key]);
}
