import type { TelemetryChange } from '../telemetry/service.js';
import type { ChangeHandler, ChangeIndex } from './change-index.js';
import type { Subscription } from './session.js';

/**
 * The live part of a subscription: it watches its entities from before the initial values are
 * read, holds back what changes meanwhile, and hands that over once the initial message is out, so
 * nothing written between the read and the subscription is lost.
 */
export class LiveFeed implements Subscription {
  private held: TelemetryChange[] | null = [];
  private stops: (() => void)[] = [];
  private closed = false;

  constructor(
    private readonly index: ChangeIndex,
    private readonly handler: ChangeHandler,
  ) {}

  watch(entityId: string): void {
    if (this.closed) return;
    this.stops.push(
      this.index.watch(entityId, (change) => {
        if (this.held) this.held.push(change);
        else this.handler(change);
      }),
    );
  }

  /** Call after the initial message: delivers the held changes, then every change as it comes. */
  start(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const change of held) {
      if (this.closed) return;
      this.handler(change);
    }
  }

  /** Stops watching every entity (the feed can watch again, e.g. after a page refresh). */
  unwatchAll(): void {
    for (const stop of this.stops) stop();
    this.stops = [];
  }

  close(): void {
    this.closed = true;
    this.held = null;
    this.unwatchAll();
  }
}
