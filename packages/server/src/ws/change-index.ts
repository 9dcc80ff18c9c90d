import type { TelemetryChange, TelemetryService } from '../telemetry/service.js';

/** Called synchronously with each change of the entity it watches. */
export type ChangeHandler = (change: TelemetryChange) => void;

/**
 * The server's one telemetry listener: every change is routed by entity id to the handlers
 * watching that entity, so a write costs one map lookup whatever the number of subscriptions.
 */
export class ChangeIndex {
  private readonly byEntity = new Map<string, Set<ChangeHandler>>();
  private readonly stopListening: () => void;

  constructor(
    telemetry: TelemetryService,
    private readonly onHandlerError: (error: unknown) => void,
  ) {
    this.stopListening = telemetry.onChange((change) => this.dispatch(change));
  }

  private dispatch(change: TelemetryChange): void {
    const handlers = this.byEntity.get(change.entityId.id);
    if (!handlers) return;
    // A handler may stop watching (or close its session) while we iterate: iterate over a copy.
    for (const handler of [...handlers]) {
      try {
        handler(change);
      } catch (error) {
        this.onHandlerError(error);
      }
    }
  }

  /** Starts calling the handler for changes of the entity; returns the function that stops it. */
  watch(entityId: string, handler: ChangeHandler): () => void {
    let handlers = this.byEntity.get(entityId);
    if (!handlers) {
      handlers = new Set();
      this.byEntity.set(entityId, handlers);
    }
    handlers.add(handler);
    return () => {
      const current = this.byEntity.get(entityId);
      if (!current?.delete(handler)) return;
      if (current.size === 0) this.byEntity.delete(entityId);
    };
  }

  /** Handlers currently watching, over all entities. */
  get watcherCount(): number {
    let count = 0;
    for (const handlers of this.byEntity.values()) count += handlers.size;
    return count;
  }

  close(): void {
    this.stopListening();
    this.byEntity.clear();
  }
}
