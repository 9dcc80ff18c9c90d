import type { Lane } from './pglite-thread-protocol.js';

/**
 * The order in which the embedded store's thread runs what it is sent: each lane first in, first
 * out, and an interactive statement ahead of background ones that wait, so a REST call waits for at
 * most the one background statement already running rather than for all that queued before it.
 *
 * A transaction is never entered by another lane's statement: once a statement leaves the store
 * inside a transaction, only its lane runs until the store is out of it again. That is enough
 * because the driver sends nothing of anyone else while a transaction is open (pglite-dialect.ts):
 * what waits in the other lane was sent before the transaction began and runs after it ends.
 */
export class StatementLanes<T extends { lane: Lane }> {
  private readonly waiting: Record<Lane, T[]> = { interactive: [], background: [] };
  /** The lane whose statement left the store inside a transaction, while it is. */
  private holder: Lane | undefined;

  push(item: T): void {
    this.waiting[item.lane].push(item);
  }

  /** What runs next, or undefined when nothing may run now. */
  next(): T | undefined {
    if (this.holder) return this.waiting[this.holder].shift();
    return this.waiting.interactive.shift() ?? this.waiting.background.shift();
  }

  /** Tells, after a statement of `lane` ran, whether the store is now inside a transaction. */
  ran(lane: Lane, inTransaction: boolean): void {
    this.holder = inTransaction ? lane : undefined;
  }
}
