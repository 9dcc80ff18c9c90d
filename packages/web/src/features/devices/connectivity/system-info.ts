import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../../../app/http/http-client';

/** `GET /api/system/info`: the product, plus the device transport ports Meridian adds to it. */
export interface SystemInfo {
  version: string;
  artifact: string;
  name: string;
  mqttPort?: number;
  coapPort?: number;
  mqttSslPort?: number | null;
}

export function systemInfoQuery(http: HttpClient) {
  return queryOptions({
    queryKey: ['system', 'info'] as const,
    queryFn: ({ signal }) => http.get<SystemInfo>('/api/system/info', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
