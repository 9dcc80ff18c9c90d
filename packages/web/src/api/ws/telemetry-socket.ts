import {
  type AlarmDataCmd,
  type AlarmDataUpdate,
  type AttributesSubscriptionCmd,
  type EntityCountCmd,
  type EntityCountUpdate,
  type EntityDataCmd,
  type EntityDataUpdate,
  type GetHistoryCmd,
  type TelemetryPluginCmdsWrapper,
  type TelemetrySubscriptionUpdate,
  type TimeseriesSubscriptionCmd,
  takeCommandBatch,
} from '@meridian/common';
import type { SocketConnection, SocketFactory } from './socket-transport';

/**
 * The console's live-data channel (spec 2 §7, reference §3): one WebSocket shared by every
 * subscription of a signed-in session. It opens on the first subscription, sends commands in
 * batches in the spec's fill order, routes each reply to its subscription by subscriptionId (v1)
 * or cmdId (v2), reconnects with back-off and then subscribes everything again, and closes a short
 * while after the last subscription ends.
 */

/** The command lists a caller subscribes through, with the command and the update of each. */
export interface SubscriptionKinds {
  attrSubCmds: { command: AttributesSubscriptionCmd; update: TelemetrySubscriptionUpdate };
  tsSubCmds: { command: TimeseriesSubscriptionCmd; update: TelemetrySubscriptionUpdate };
  /** One-shot: the subscription ends after its reply. */
  historyCmds: { command: GetHistoryCmd; update: TelemetrySubscriptionUpdate };
  entityDataCmds: { command: EntityDataCmd; update: EntityDataUpdate };
  alarmDataCmds: { command: AlarmDataCmd; update: AlarmDataUpdate };
  entityCountCmds: { command: EntityCountCmd; update: EntityCountUpdate };
}
export type SubscriptionList = keyof SubscriptionKinds;
/** A command as the caller gives it: the socket allocates the cmdId. */
export type CommandInput<L extends SubscriptionList> = Omit<
  SubscriptionKinds[L]['command'],
  'cmdId' | 'unsubscribe'
>;

/** How a v2 command is stopped: its cmdId in the matching unsubscribe list. */
const V2_UNSUBSCRIBE = {
  entityDataCmds: 'entityDataUnsubscribeCmds',
  alarmDataCmds: 'alarmDataUnsubscribeCmds',
  entityCountCmds: 'entityCountUnsubscribeCmds',
} as const;

/** idle: no connection needed; connecting / open; reconnecting: waiting to try again. */
export type SocketStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

/** Commands per frame; spec 2 §7 caps a batch without giving the value. */
export const MAX_COMMANDS_PER_FRAME = 10;
/** How long the socket stays open after its last subscription ended. */
export const CLOSE_GRACE_MS = 10_000;
/** Reconnect delays: doubling from the first up to the last, with up to 20 % random added. */
export const RECONNECT_FIRST_DELAY_MS = 1000;
export const RECONNECT_MAX_DELAY_MS = 30_000;
/** Normal closure (RFC 6455). */
const NORMAL_CLOSE = 1000;

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface TelemetrySocketDeps {
  /** Opens a connection (the browser's WebSocket in the console). */
  connect: SocketFactory;
  /** The endpoint URL carrying this access token. */
  url: (token: string) => string;
  /** The current access token, refreshed first when it has expired; null when signed out. */
  accessToken: () => Promise<string | null>;
  timers?: Timers;
  random?: () => number;
  maxCommandsPerFrame?: number;
  closeGraceMs?: number;
  /** Where routing problems are reported; console.warn by default. */
  warn?: (message: string) => void;
}

interface Entry {
  list: SubscriptionList;
  command: { cmdId: number };
  onUpdate: (update: never) => void;
}

const defaultTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export class TelemetrySocket {
  private readonly entries = new Map<number, Entry>();
  private readonly statusListeners = new Set<() => void>();
  private readonly timers: Timers;
  private readonly random: () => number;
  private readonly maxCommands: number;
  private readonly graceMs: number;
  private nextCmdId = 1;
  private status: SocketStatus = 'idle';
  private connection: SocketConnection | null = null;
  /** Commands waiting for the next frame of the open connection. */
  private pending: TelemetryPluginCmdsWrapper = {};
  private flushQueued = false;
  private attempts = 0;
  private reconnectTimer: unknown = null;
  private graceTimer: unknown = null;
  /** Bumped on every new connection attempt: events of older connections are ignored. */
  private generation = 0;
  private disposed = false;

  constructor(private readonly deps: TelemetrySocketDeps) {
    this.timers = deps.timers ?? defaultTimers;
    this.random = deps.random ?? Math.random;
    this.maxCommands = deps.maxCommandsPerFrame ?? MAX_COMMANDS_PER_FRAME;
    this.graceMs = deps.closeGraceMs ?? CLOSE_GRACE_MS;
  }

  /**
   * Sends `command` (now or once connected, and again after every reconnect) and calls `onUpdate`
   * with each reply addressed to it, errors included. Returns the function that ends it.
   */
  subscribe<L extends SubscriptionList>(
    list: L,
    command: CommandInput<L>,
    onUpdate: (update: SubscriptionKinds[L]['update']) => void,
  ): () => void {
    if (this.disposed) {
      return () => undefined;
    }
    const cmdId = this.nextCmdId++;
    const entry: Entry = { list, command: { ...command, cmdId }, onUpdate };
    this.entries.set(cmdId, entry);
    this.cancelGrace();
    if (this.status === 'open') {
      this.enqueue(list, entry.command);
    } else if (this.status === 'idle') {
      void this.open();
    }
    return () => this.end(cmdId);
  }

  getStatus = (): SocketStatus => this.status;

  subscribeStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  };

  /** Number of live subscriptions (tests and diagnostics). */
  get size(): number {
    return this.entries.size;
  }

  /** Ends every subscription and closes for good (sign-out). */
  dispose(): void {
    this.disposed = true;
    this.entries.clear();
    this.shutdown();
  }

  // ----- subscriptions ---------------------------------------------------------------------

  private end(cmdId: number): void {
    const entry = this.entries.get(cmdId);
    if (!entry) {
      return;
    }
    this.entries.delete(cmdId);
    if (this.status === 'open' && !this.dropPending(entry.list, cmdId)) {
      this.enqueueUnsubscribe(entry);
    }
    if (this.entries.size === 0) {
      if (this.status === 'open') {
        this.startGrace();
      } else {
        this.shutdown();
      }
    }
  }

  private enqueueUnsubscribe(entry: Entry): void {
    const { list, command } = entry;
    if (list === 'attrSubCmds' || list === 'tsSubCmds') {
      this.enqueue(list, { ...command, unsubscribe: true });
    } else if (list !== 'historyCmds') {
      this.enqueue(V2_UNSUBSCRIBE[list], { cmdId: command.cmdId });
    }
    // A history command is one-shot: the server keeps nothing to stop.
  }

  /** Removes a subscribe command that has not been sent yet; true if there was one. */
  private dropPending(list: SubscriptionList, cmdId: number): boolean {
    const queued = (this.pending[list] ?? []) as { cmdId: number }[];
    const left = queued.filter((command) => command.cmdId !== cmdId);
    if (left.length === queued.length) {
      return false;
    }
    (this.pending as Record<string, unknown[]>)[list] = left;
    return true;
  }

  private enqueue(list: keyof TelemetryPluginCmdsWrapper, command: object): void {
    const pending = this.pending as Record<string, object[]>;
    pending[list] = [...(pending[list] ?? []), command];
    if (!this.flushQueued) {
      // Commands issued in the same task (one render) share frames.
      this.flushQueued = true;
      queueMicrotask(() => this.flush());
    }
  }

  private flush(): void {
    this.flushQueued = false;
    while (this.connection && this.status === 'open') {
      const { batch, rest, count } = takeCommandBatch(this.pending, this.maxCommands);
      if (count === 0) {
        return;
      }
      this.pending = rest;
      this.connection.send(JSON.stringify(batch));
    }
  }

  // ----- replies ---------------------------------------------------------------------------

  private receive(text: string): void {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      this.warn('Telemetry socket: a reply that is not JSON was ignored');
      return;
    }
    if (typeof message !== 'object' || message === null) {
      return;
    }
    const record = message as Record<string, unknown>;
    // v2 updates carry cmdId and cmdUpdateType; v1 updates carry subscriptionId.
    const id = typeof record.cmdUpdateType === 'string' ? record.cmdId : record.subscriptionId;
    const entry = typeof id === 'number' ? this.entries.get(id) : undefined;
    if (!entry) {
      if (typeof record.errorMsg === 'string' && record.errorMsg) {
        this.warn(`Telemetry socket: ${record.errorMsg}`);
      }
      return;
    }
    if (entry.list === 'historyCmds') {
      this.entries.delete(entry.command.cmdId);
      if (this.entries.size === 0) {
        this.startGrace();
      }
    }
    try {
      (entry.onUpdate as (update: unknown) => void)(message);
    } catch (error) {
      this.warn(`Telemetry socket: a subscriber failed: ${String(error)}`);
    }
  }

  // ----- connection ------------------------------------------------------------------------

  private async open(): Promise<void> {
    const generation = ++this.generation;
    this.setStatus('connecting');
    let token: string | null = null;
    try {
      token = await this.deps.accessToken();
    } catch {
      token = null;
    }
    if (generation !== this.generation || this.entries.size === 0 || this.disposed) {
      return;
    }
    if (!token) {
      // Signed out (or the session could not be renewed): nothing to connect with.
      this.setStatus('idle');
      return;
    }
    this.connection = this.deps.connect(this.deps.url(token), {
      onOpen: () => {
        if (generation === this.generation) this.opened();
      },
      onMessage: (text) => {
        if (generation === this.generation) this.receive(text);
      },
      onClose: () => {
        if (generation === this.generation) this.closed();
      },
    });
  }

  /** A new session knows nothing: every live subscription is sent again. */
  private opened(): void {
    this.attempts = 0;
    this.pending = {};
    this.setStatus('open');
    for (const entry of this.entries.values()) {
      this.enqueue(entry.list, entry.command);
    }
    if (this.entries.size === 0) {
      this.startGrace();
    }
  }

  private closed(): void {
    this.connection = null;
    this.pending = {};
    this.cancelGrace();
    if (this.entries.size === 0 || this.disposed) {
      this.setStatus('idle');
      return;
    }
    const delay = Math.min(RECONNECT_MAX_DELAY_MS, RECONNECT_FIRST_DELAY_MS * 2 ** this.attempts);
    this.attempts += 1;
    this.setStatus('reconnecting');
    this.reconnectTimer = this.timers.setTimeout(
      () => {
        this.reconnectTimer = null;
        void this.open();
      },
      delay * (1 + 0.2 * this.random()),
    );
  }

  private startGrace(): void {
    this.cancelGrace();
    this.graceTimer = this.timers.setTimeout(() => {
      this.graceTimer = null;
      if (this.entries.size === 0) {
        this.shutdown();
      }
    }, this.graceMs);
  }

  private cancelGrace(): void {
    if (this.graceTimer !== null) {
      this.timers.clearTimeout(this.graceTimer);
      this.graceTimer = null;
    }
  }

  /** Closes the connection on purpose and stops retrying. */
  private shutdown(): void {
    this.generation += 1;
    this.cancelGrace();
    if (this.reconnectTimer !== null) {
      this.timers.clearTimeout(this.reconnectTimer);
      this.reconnectTimer = null;
    }
    this.attempts = 0;
    this.pending = {};
    const connection = this.connection;
    this.connection = null;
    connection?.close(NORMAL_CLOSE);
    this.setStatus('idle');
  }

  private setStatus(status: SocketStatus): void {
    if (this.status !== status) {
      this.status = status;
      for (const listener of [...this.statusListeners]) {
        listener();
      }
    }
  }

  private warn(message: string): void {
    (this.deps.warn ?? console.warn)(message);
  }
}
