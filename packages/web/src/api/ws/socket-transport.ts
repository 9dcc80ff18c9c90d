/**
 * The one thing the telemetry socket needs from the browser: open a text WebSocket and hear its
 * events. Tests pass a fake factory (jsdom has no server to talk to).
 */

export interface SocketHandlers {
  onOpen(): void;
  onMessage(text: string): void;
  /** Called once, also when the socket never opened (failed handshake, network down). */
  onClose(code: number, reason: string): void;
}

export interface SocketConnection {
  send(text: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketFactory = (url: string, handlers: SocketHandlers) => SocketConnection;

/** The browser's WebSocket behind the factory interface. */
export const browserSocketFactory: SocketFactory = (url, handlers) => {
  const socket = new WebSocket(url);
  socket.onopen = () => handlers.onOpen();
  socket.onmessage = (event: MessageEvent) => {
    if (typeof event.data === 'string') {
      handlers.onMessage(event.data);
    }
  };
  socket.onclose = (event: CloseEvent) => handlers.onClose(event.code, event.reason);
  // An error is always followed by a close event, which carries the reconnect decision.
  socket.onerror = () => undefined;
  return {
    send: (text) => socket.send(text),
    close: (code, reason) => socket.close(code, reason),
  };
};

/** `ws(s)://<host>/api/ws/plugins/telemetry?token=…` for the page's own origin. */
export function telemetrySocketUrl(
  location: Pick<Location, 'protocol' | 'host'>,
  path: string,
  token: string,
) {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${path}?token=${encodeURIComponent(token)}`;
}
