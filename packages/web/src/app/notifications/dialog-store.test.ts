import { describe, expect, it } from 'vitest';
import { DialogStore } from './dialog-store';

describe('DialogStore', () => {
  it('resolves a confirm with the chosen button', async () => {
    const store = new DialogStore();
    const answer = store.confirm({ title: 'T', message: 'M', okLabel: 'OK', cancelLabel: 'Cancel' });
    const [dialog] = store.getDialogs();
    expect(dialog?.kind).toBe('confirm');
    store.close(dialog?.id ?? 0, true);
    await expect(answer).resolves.toBe(true);
    expect(store.getDialogs()).toHaveLength(0);
  });

  it('does not stack dialogs with the same key', async () => {
    const store = new DialogStore();
    const first = store.confirm({ key: 'k', title: 'T', message: 'M', okLabel: 'OK', cancelLabel: 'No' });
    const second = store.confirm({ key: 'k', title: 'T', message: 'M', okLabel: 'OK', cancelLabel: 'No' });
    expect(store.getDialogs()).toHaveLength(1);
    store.closeAll();
    await expect(first).resolves.toBe(false);
    await expect(second).resolves.toBe(false);
  });
});
