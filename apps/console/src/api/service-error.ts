import { SimsvcError, SimsvcUnreachableError } from '@simsvc/client';

export type ServiceName = 'cache' | 'catalog' | 'results';

/** A failed call, tagged with the service that failed so the page can name it. */
export class ServiceCallError extends Error {
  constructor(
    readonly service: ServiceName,
    readonly status: number | undefined,
    message: string,
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'ServiceCallError';
  }
}

/** Runs one call of `service`, turning whatever it throws into a ServiceCallError. */
export async function call<T>(service: ServiceName, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toServiceCallError(service, error);
  }
}

export function toServiceCallError(service: ServiceName, error: unknown): ServiceCallError {
  if (error instanceof ServiceCallError) return error;
  if (error instanceof SimsvcError) return new ServiceCallError(service, error.status, error.message, error.requestId);
  if (error instanceof SimsvcUnreachableError) return new ServiceCallError(service, undefined, `the ${service} service cannot be reached`);
  return new ServiceCallError(service, undefined, error instanceof Error ? error.message : String(error));
}

/** What a page shows for a failed call: unavailable services by name, otherwise the service's own message. */
export function describeError(error: unknown): { title: string; detail?: string } {
  if (!(error instanceof ServiceCallError))
    return { title: 'Something went wrong', detail: error instanceof Error ? error.message : String(error) };
  if (error.status === undefined || error.status === 502 || error.status === 503 || error.status === 504) {
    return { title: `The ${error.service} service is unavailable`, detail: 'Try again in a moment.' };
  }
  if (error.status === 403) return { title: 'Not allowed', detail: error.message };
  if (error.status === 404) return { title: 'Not found', detail: error.message };
  return { title: `The ${error.service} service answered ${error.status}`, detail: error.message };
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ServiceCallError && error.status === 401;
}
