import { type DataRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProviders } from './AppProviders';
import { RouteTableContext } from './routes/route-table-context';
import type { AppServices } from './services/services-context';

export interface AppProps {
  services: AppServices;
  routes: RouteObject[];
  router: DataRouter;
}

/** The console: providers around the router. */
export function App({ services, routes, router }: AppProps) {
  return (
    <AppProviders services={services}>
      <RouteTableContext.Provider value={routes}>
        <RouterProvider router={router} />
      </RouteTableContext.Provider>
    </AppProviders>
  );
}
