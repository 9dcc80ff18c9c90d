import { useContext } from 'react';
import { type AppServices, ServicesContext } from './services-context';

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) {
    throw new Error('useServices must be used inside AppProviders');
  }
  return services;
}
