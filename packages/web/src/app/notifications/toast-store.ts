/** Toast model and rules of spec 3 §3-§4 and §9. */
export type ToastType = 'error' | 'warn' | 'success' | 'info';
export type ToastHorizontalPosition = 'left' | 'center' | 'right';
export type ToastVerticalPosition = 'top' | 'bottom';

export interface ToastRequest {
  message: string;
  type: ToastType;
  /** Which toast host shows it; 'root' (the page-wide snack bar) by default. */
  target?: string;
  /** Auto-dismiss after this many ms when above 0; otherwise it stays until closed. */
  duration?: number;
  horizontalPosition?: ToastHorizontalPosition;
  verticalPosition?: ToastVerticalPosition;
}

export interface Toast {
  id: number;
  message: string;
  type: ToastType;
  target: string;
  duration: number;
  horizontalPosition: ToastHorizontalPosition;
  verticalPosition: ToastVerticalPosition;
}

export const ROOT_TOAST_TARGET = 'root';
/** Default duration of success toasts (spec 3 §9). */
export const SUCCESS_TOAST_DURATION_MS = 1000;
/** A panel toast's dismiss timer runs this much longer than its duration. */
export const PANEL_DISMISS_EXTRA_MS = 500;

type Listener = () => void;

/** Holds the toast currently shown per target. */
export class ToastStore {
  private current = new Map<string, Toast>();
  private nextId = 1;
  private readonly listeners = new Set<Listener>();

  /**
   * Shows a toast unless the same text of the same type is already showing for that target.
   * A different message replaces the current one. Returns whether it was shown.
   */
  show(request: ToastRequest): boolean {
    const target = request.target ?? ROOT_TOAST_TARGET;
    const existing = this.current.get(target);
    if (existing && existing.message === request.message && existing.type === request.type) {
      return false;
    }
    const duration = request.duration ?? (request.type === 'success' ? SUCCESS_TOAST_DURATION_MS : 0);
    const toast: Toast = {
      id: this.nextId++,
      message: request.message,
      type: request.type,
      target,
      duration,
      horizontalPosition: request.horizontalPosition ?? 'left',
      verticalPosition: request.verticalPosition ?? 'top',
    };
    this.update((map) => map.set(target, toast));
    return true;
  }

  success(message: string): void {
    this.show({ message, type: 'success' });
  }

  error(message: string): void {
    this.show({ message, type: 'error' });
  }

  dismiss(id: number): void {
    for (const [target, toast] of this.current) {
      if (toast.id === id) {
        this.update((map) => {
          map.delete(target);
          return map;
        });
        return;
      }
    }
  }

  get(target: string = ROOT_TOAST_TARGET): Toast | null {
    return this.current.get(target) ?? null;
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private update(change: (map: Map<string, Toast>) => Map<string, Toast>): void {
    this.current = change(new Map(this.current));
    for (const listener of [...this.listeners]) {
      listener();
    }
  }
}
