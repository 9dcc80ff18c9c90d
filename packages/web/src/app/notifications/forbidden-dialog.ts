import type { DialogStore } from './dialog-store';

/**
 * The access-forbidden confirmation (spec 1 §8): Cancel keeps the user where they are, Sign in
 * logs out. Only one is shown at a time.
 */
export function showForbiddenDialog(
  dialogs: DialogStore,
  t: (key: string) => string,
  signIn: () => void,
): void {
  void dialogs
    .confirm({
      key: 'access-forbidden',
      title: t('access.access-forbidden'),
      message: t('access.access-forbidden-text'),
      cancelLabel: t('action.cancel'),
      okLabel: t('action.sign-in'),
    })
    .then((confirmed) => {
      if (confirmed) {
        signIn();
      }
    });
}
