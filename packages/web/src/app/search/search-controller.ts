import { SEARCH_DEBOUNCE_MS } from '@meridian/common';

/**
 * Turns raw keystrokes into search-text updates for the active page: debounced, and never the
 * same text twice in a row. Closing the search clears the text at once.
 */
export class SearchController {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastEmitted = '';

  constructor(
    private readonly emit: (text: string) => void,
    private readonly debounceMs: number = SEARCH_DEBOUNCE_MS,
  ) {}

  input(text: string): void {
    this.cancel();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush(text);
    }, this.debounceMs);
  }

  /** Closing the search: drop pending input and emit the empty text (if not already empty). */
  clear(): void {
    this.cancel();
    this.flush('');
  }

  dispose(): void {
    this.cancel();
  }

  private cancel(): void {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
  }

  private flush(text: string): void {
    if (text !== this.lastEmitted) {
      this.lastEmitted = text;
      this.emit(text);
    }
  }
}
