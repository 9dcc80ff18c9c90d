/** Where a clean-up reports a failed run. */
export interface CleanupLog {
  warn(obj: object, message: string): void;
}

/**
 * A clean-up that runs every interval, the first time after a random part of it (as the reference
 * schedules its TTL jobs, so that nodes started together do not clean at the same moment), and on
 * demand. A run asked for while one is under way shares it.
 */
export abstract class PeriodicCleanup<Outcome> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<Outcome> | undefined;

  constructor(
    private readonly schedule: { enabled: boolean; intervalMs: number },
    private readonly failureLog: CleanupLog,
    /** Names the job in the failure log line, e.g. "time-series TTL clean-up". */
    private readonly jobName: string,
  ) {}

  protected abstract clean(): Promise<Outcome>;

  start(): void {
    const { enabled, intervalMs } = this.schedule;
    if (!enabled || intervalMs <= 0) return;
    const tick = () => {
      this.runOnce().catch((err: unknown) => this.failureLog.warn({ err }, `${this.jobName} failed`));
      this.timer = setTimeout(tick, intervalMs);
      this.timer.unref();
    };
    this.timer = setTimeout(tick, Math.floor(Math.random() * intervalMs));
    this.timer.unref();
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  runOnce(): Promise<Outcome> {
    this.running ??= this.clean().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }
}
