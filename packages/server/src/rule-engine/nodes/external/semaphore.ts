/**
 * A counting semaphore whose waits give up after a time (the rest api call node's
 * `maxParallelRequestsCount`): a message that cannot get a slot in time goes to Failure instead
 * of holding its queue.
 */
export class Semaphore {
  private available: number;
  private readonly waiting: { grant(): void; timer: NodeJS.Timeout; refuse(): void }[] = [];

  constructor(permits: number) {
    this.available = permits;
  }

  /** True once a slot is held; false when none freed up within `timeoutMs`. */
  acquire(timeoutMs: number): Promise<boolean> {
    if (this.available > 0) {
      this.available--;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const waiter = {
        grant: () => {
          clearTimeout(waiter.timer);
          resolve(true);
        },
        refuse: () => {
          clearTimeout(waiter.timer);
          resolve(false);
        },
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          resolve(false);
        }, timeoutMs),
      };
      this.waiting.push(waiter);
    });
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next.grant();
    else this.available++;
  }

  /** Refuses every waiter (the node is being destroyed). */
  cancelAll(): void {
    for (const waiter of this.waiting.splice(0)) waiter.refuse();
  }
}
