import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { call } from '../../api/service-error';

export function useSimulation(name: string, version: string | undefined) {
  return useQuery({
    queryKey: ['simulation', name, version ?? 'latest'],
    queryFn: () =>
      call('catalog', () => api.catalog.GET('/simulations/{simulation}', { params: { path: { simulation: name }, query: { version } } })),
  });
}

export function useVersions(name: string) {
  return useQuery({
    queryKey: ['simulation-versions', name],
    queryFn: () =>
      call('catalog', () => api.catalog.GET('/simulations/{name}/versions', { params: { path: { name }, query: { limit: 100 } } })),
  });
}
