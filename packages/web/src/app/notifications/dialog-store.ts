/** Alert and confirm dialogs (spec 3 §2.1) requested from plain code and rendered by DialogHost. */
export interface DialogRequest {
  title: string;
  message: string;
  okLabel: string;
  /** Present for confirm dialogs. */
  cancelLabel?: string;
  /** Dialogs with the same key are not stacked: the open one is reused. */
  key?: string;
}

export interface OpenDialog extends DialogRequest {
  id: number;
  kind: 'alert' | 'confirm';
}

type Listener = () => void;

export class DialogStore {
  private dialogs: OpenDialog[] = [];
  private readonly results = new Map<number, { promise: Promise<boolean>; resolve: (ok: boolean) => void }>();
  private nextId = 1;
  private readonly listeners = new Set<Listener>();

  alert(request: Omit<DialogRequest, 'cancelLabel'>): Promise<void> {
    return this.open('alert', request).then(() => undefined);
  }

  /** Resolves true for OK, false for cancel or dismissal. */
  confirm(request: DialogRequest & { cancelLabel: string }): Promise<boolean> {
    return this.open('confirm', request);
  }

  close(id: number, ok: boolean): void {
    const entry = this.results.get(id);
    this.results.delete(id);
    this.dialogs = this.dialogs.filter((dialog) => dialog.id !== id);
    this.emit();
    entry?.resolve(ok);
  }

  /** Closes every open dialog as dismissed (used when a navigation starts). */
  closeAll(): void {
    for (const dialog of this.dialogs) {
      this.close(dialog.id, false);
    }
  }

  getDialogs = (): readonly OpenDialog[] => this.dialogs;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private open(kind: OpenDialog['kind'], request: DialogRequest): Promise<boolean> {
    if (request.key) {
      const same = this.dialogs.find((dialog) => dialog.key === request.key);
      const pending = same && this.results.get(same.id);
      if (pending) {
        return pending.promise;
      }
    }
    const id = this.nextId++;
    let resolve: (ok: boolean) => void = () => undefined;
    const promise = new Promise<boolean>((res) => {
      resolve = res;
    });
    this.results.set(id, { promise, resolve });
    this.dialogs = [...this.dialogs, { ...request, id, kind }];
    this.emit();
    return promise;
  }

  private emit(): void {
    for (const listener of [...this.listeners]) {
      listener();
    }
  }
}
