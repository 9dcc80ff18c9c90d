/**
 * The data-testid values of what the login route shows (the app's loading bar, toasts, dialogs and
 * the login form), apart from `selectors.ts`: that module is 15 KB of ids the login route would
 * otherwise load (bench/bundle-size.mjs). `selectors` includes these too.
 */
export const coreSelectors = {
  app: {
    loadingBar: 'loading-bar',
    pageLoading: 'page-loading',
    toast: 'toast',
    toastClose: 'toast-close',
    dialog: 'dialog',
    dialogOk: 'dialog-ok',
    dialogCancel: 'dialog-cancel',
  },
  login: {
    card: 'login-card',
    form: 'login-form',
    username: 'login-username',
    password: 'login-password',
    submit: 'login-submit',
    forgotPassword: 'login-forgot-password',
    oauth2Button: 'login-oauth2-button',
  },
};
