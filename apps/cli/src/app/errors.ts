// How a failed command ends: one message on stderr, saying what to do where there is something
// to do, and the exit status of the issue's table (0 success, 1 the service refused, 2 usage,
// 3 cannot connect, or the URL is no simsvc service).
import { SimsvcError, SimsvcNotServiceError, SimsvcUnreachableError } from '@simsvc/client';
import { UsageError } from './usage-error';

export const EXIT = { ok: 0, refused: 1, usage: 2, unreachable: 3 } as const;

/** Ends a command with a status after it has said all there is to say (e.g. a register with failures). */
export class ExitStatus extends Error {
  constructor(readonly exitCode: number) {
    super(`exit status ${exitCode}`);
  }
}

/** The service URLs in force, to say which service a URL was given for. */
export type ServiceUrls = Partial<Record<'cacheUrl' | 'catalogUrl' | 'resultsUrl', string>>;

/** The lines to print on stderr for an error and the exit status it means. */
export function describeError(error: unknown, urls: ServiceUrls = {}): { lines: string[]; exitCode: number } {
  if (error instanceof ExitStatus) return { lines: [], exitCode: error.exitCode };
  if (error instanceof SimsvcError) {
    const lines = [`simsvc: ${error.status} ${error.message}${advice(error)}${error.requestId ? ` (request ${error.requestId})` : ''}`];
    for (const detail of detailLines(error.details)) if (detail !== error.message) lines.push(`  ${detail}`);
    return { lines, exitCode: EXIT.refused };
  }
  if (error instanceof SimsvcNotServiceError) return { lines: [`simsvc: ${notServiceMessage(error, urls)}`], exitCode: EXIT.unreachable };
  if (error instanceof SimsvcUnreachableError) return { lines: [`simsvc: ${error.message}`], exitCode: EXIT.unreachable };
  if (error instanceof UsageError) return { lines: [`simsvc: ${error.message}`], exitCode: EXIT.usage };
  const message = error instanceof Error ? error.message : String(error);
  return { lines: [`simsvc: ${message}`], exitCode: EXIT.refused };
}

/** What to do about a refusal, when the status says: log in again, or wait. */
export function advice(error: SimsvcError): string {
  const loggingIn = /\/session\/(login|anonymous)$/.test(new URL(error.url, 'http://x').pathname);
  if (error.status === 401 && !loggingIn) return ': run `simsvc login`';
  if (error.status === 429)
    return error.retryAfterSeconds !== undefined ? `: try again in ${error.retryAfterSeconds} s` : ': try again later';
  return '';
}

/** The console answers HTML at its root and serves each service under /api/<service>. */
function notServiceMessage(error: SimsvcNotServiceError, urls: ServiceUrls): string {
  const service = (['cache', 'catalog', 'results'] as const).find((name) => urls[`${name}Url`] === error.baseUrl);
  return service
    ? `not a simsvc service at ${error.baseUrl} (did you mean ${error.baseUrl}/api/${service}?)`
    : `not a simsvc service at ${error.baseUrl}: it answers HTML`;
}

function detailLines(details: unknown): string[] {
  if (details === undefined || details === null) return [];
  if (Array.isArray(details)) return details.map((detail) => (typeof detail === 'string' ? detail : JSON.stringify(detail)));
  return [typeof details === 'string' ? details : JSON.stringify(details)];
}
