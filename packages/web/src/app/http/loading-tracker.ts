/** URL prefixes that never drive the global loading flag (spec 1 §4). */
const NOT_TRACKED_PREFIXES = ['/api/rpc', '/api/auth/token'];

type Listener = () => void;

/**
 * The global loading flag: on when the first tracked request starts, off when the count of
 * active tracked requests returns to zero.
 */
export class LoadingTracker {
  private active = 0;
  private loading = false;
  private readonly listeners = new Set<Listener>();

  /** Whether a request to this URL with these options counts. */
  static isTracked(url: string, ignoreLoading: boolean | undefined): boolean {
    return !ignoreLoading && !NOT_TRACKED_PREFIXES.some((prefix) => url.startsWith(prefix));
  }

  /** Registers the start of a request; returns whether it was counted (then call `end` once). */
  begin(url: string, ignoreLoading?: boolean): boolean {
    if (!LoadingTracker.isTracked(url, ignoreLoading)) {
      return false;
    }
    this.active += 1;
    if (this.active === 1) {
      this.set(true);
    }
    return true;
  }

  end(): void {
    this.active = Math.max(0, this.active - 1);
    if (this.active === 0) {
      this.set(false);
    }
  }

  isLoading = (): boolean => this.loading;

  activeCount(): number {
    return this.active;
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private set(loading: boolean): void {
    if (this.loading !== loading) {
      this.loading = loading;
      for (const listener of [...this.listeners]) {
        listener();
      }
    }
  }
}
