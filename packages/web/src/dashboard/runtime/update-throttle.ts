/**
 * Hands over pushed items at most once per `intervalMs`: the first at once, the ones that follow
 * within the interval together at its end. A dashboard whose devices publish often then redraws
 * each widget a few times a second, not once per message.
 */
export function createUpdateThrottle<T>(flush: (items: T[]) => void, intervalMs: number) {
  let pending: T[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastFlush = Number.NEGATIVE_INFINITY;
  const flushNow = () => {
    timer = null;
    lastFlush = Date.now();
    const items = pending;
    pending = [];
    flush(items);
  };
  return {
    push(item: T): void {
      pending.push(item);
      if (timer !== null) return;
      const wait = lastFlush + intervalMs - Date.now();
      if (wait <= 0) flushNow();
      else timer = setTimeout(flushNow, wait);
    },
    cancel(): void {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      pending = [];
    },
  };
}
