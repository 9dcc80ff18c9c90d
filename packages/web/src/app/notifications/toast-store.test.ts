import { describe, expect, it } from 'vitest';
import { SUCCESS_TOAST_DURATION_MS, ToastStore } from './toast-store';

describe('ToastStore', () => {
  it('shows a toast for its target with the default position and duration', () => {
    const store = new ToastStore();
    expect(store.show({ message: 'Saved', type: 'success' })).toBe(true);
    expect(store.get()).toMatchObject({
      message: 'Saved',
      type: 'success',
      target: 'root',
      duration: SUCCESS_TOAST_DURATION_MS,
      horizontalPosition: 'left',
      verticalPosition: 'top',
    });
    store.show({ message: 'Broken', type: 'error' });
    expect(store.get()?.duration).toBe(0);
  });

  it('ignores a message equal in text and type to the current one', () => {
    const store = new ToastStore();
    store.show({ message: 'Unable to connect', type: 'error' });
    const first = store.get()?.id;
    expect(store.show({ message: 'Unable to connect', type: 'error' })).toBe(false);
    expect(store.get()?.id).toBe(first);
    expect(store.show({ message: 'Unable to connect', type: 'warn' })).toBe(true);
    expect(store.show({ message: 'Other', type: 'warn' })).toBe(true);
    expect(store.get()?.message).toBe('Other');
  });

  it('keeps toasts of different targets apart and dismisses by id', () => {
    const store = new ToastStore();
    store.show({ message: 'A', type: 'info' });
    store.show({ message: 'B', type: 'info', target: 'editor' });
    expect(store.get('editor')?.message).toBe('B');
    const id = store.get()?.id ?? -1;
    store.dismiss(id);
    expect(store.get()).toBeNull();
    expect(store.get('editor')?.message).toBe('B');
  });
});
