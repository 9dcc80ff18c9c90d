import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/App';
import { readLoginParams } from './app/auth/login-params';
import { createAppRoutes } from './app/routes/routes';
import { createAppServices } from './app/services/create-services';
import { changeLanguage } from './i18n/i18n';
import { matchLanguage } from './i18n/languages';

async function start(): Promise<void> {
  // Login-time parameters are read once; credentials leave the address bar before routing starts.
  const { params, cleanedSearch } = readLoginParams(window.location.search);
  if (cleanedSearch !== window.location.search) {
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${cleanedSearch}${window.location.hash}`,
    );
  }
  const services = createAppServices();
  await changeLanguage(services.i18n, matchLanguage(navigator.languages));
  // On start the user is reloaded; the guard waits for it.
  void services.auth.reloadUser(params);
  const routes = createAppRoutes();
  const router = createBrowserRouter(routes);
  const container = document.getElementById('root');
  if (!container) {
    throw new Error('Missing #root element');
  }
  createRoot(container).render(
    <StrictMode>
      <App services={services} routes={routes} router={router} />
    </StrictMode>,
  );
}

void start();
