import type { TelemetryPluginCmdsWrapper } from '@meridian/common';
import type { SocketConnection, SocketFactory, SocketHandlers } from './socket-transport';

/** One connection opened through {@link FakeSocketServer}: what it sent and how it ended. */
export interface FakeConnection {
  url: string;
  frames: TelemetryPluginCmdsWrapper[];
  closedByClient: { code: number | undefined } | null;
  handlers: SocketHandlers;
}

/**
 * Stands in for the server end of the telemetry WebSocket in unit tests (jsdom has no server):
 * records every connection and frame, and lets the test open, answer and drop connections.
 */
export class FakeSocketServer {
  readonly connections: FakeConnection[] = [];

  readonly connect: SocketFactory = (url, handlers) => {
    const connection: FakeConnection = { url, frames: [], closedByClient: null, handlers };
    this.connections.push(connection);
    const socket: SocketConnection = {
      send: (text) => {
        if (connection.closedByClient) throw new Error('send after close');
        connection.frames.push(JSON.parse(text) as TelemetryPluginCmdsWrapper);
      },
      close: (code) => {
        connection.closedByClient = { code };
      },
    };
    return socket;
  };

  /** The newest connection. */
  get last(): FakeConnection {
    const connection = this.connections.at(-1);
    if (!connection) throw new Error('no connection was opened');
    return connection;
  }

  /** Completes the handshake of the newest connection. */
  accept(): void {
    this.last.handlers.onOpen();
  }

  /** Sends one update to the client over the newest connection. */
  reply(message: unknown): void {
    this.last.handlers.onMessage(JSON.stringify(message));
  }

  /** The server or the network drops the newest connection. */
  drop(code = 1006): void {
    this.last.handlers.onClose(code, '');
  }

  /** Every frame of the newest connection, merged list by list (order kept). */
  sent(): Record<string, unknown[]> {
    const merged: Record<string, unknown[]> = {};
    for (const frame of this.last.frames) {
      for (const [list, commands] of Object.entries(frame)) {
        merged[list] = [...(merged[list] ?? []), ...(commands as unknown[])];
      }
    }
    return merged;
  }
}
