import { SimsvcError } from '@simsvc/client';
import { call, type ServiceName } from './service-error';

/**
 * For list endpoints that return an array and the match count in X-Total-Count: runs a raw
 * openapi-fetch call and returns both, failing the way the typed methods do.
 */
export function withTotal<T>(
  service: ServiceName,
  run: () => Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<{ items: T; total: number | undefined }> {
  return call(service, async () => {
    const { data, error, response } = await run();
    if (!response.ok || data === undefined) throw SimsvcError.fromResponse({ method: 'GET', url: response.url }, response, error);
    const header = response.headers.get('X-Total-Count');
    return { items: data, total: header === null ? undefined : Number(header) };
  });
}
