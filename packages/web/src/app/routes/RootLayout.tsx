import { LoadingBar } from '../layout/LoadingBar';
import { DialogHost } from '../notifications/DialogHost';
import { ToastHost } from '../notifications/ToastHost';
import { RouteGuard } from './RouteGuard';
import { usePageTitle } from './usePageTitle';

/** The element of the root route: guard, page title, loading bar, toasts and dialogs. */
export function RootLayout() {
  usePageTitle();
  return (
    <>
      <LoadingBar />
      <RouteGuard />
      <ToastHost />
      <DialogHost />
    </>
  );
}
