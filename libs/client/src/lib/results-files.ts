import type { components, paths } from '../generated/results.js';
import type { ServiceClient } from './service-client.js';
import { SimsvcError } from './simsvc-error.js';

export type ExportBody = components['schemas']['ExportResultsDto'];
export type RegisterResult = components['schemas']['RegisterResultResponse'];

/**
 * POST /export: resolves once the service has accepted the body, to the Response whose `body`
 * streams the file (read it at your own pace: the service reads runs only as fast as they are
 * taken). Throws SimsvcError for a refused body, like every other call.
 */
export async function exportResults(
  results: ServiceClient<paths>,
  body: ExportBody,
  init: { signal?: AbortSignal } = {},
): Promise<Response> {
  const { error, response } = await results.raw.POST('/export', { body, parseAs: 'stream', ...init });
  if (!response.ok) throw SimsvcError.fromResponse({ method: 'POST', url: response.url }, response, error);
  return response;
}

/**
 * POST /runs: uploads a run database (a Blob; in Node.js `fs.openAsBlob(path)` streams the file
 * without reading it into memory) and registers it. `executionId`, when given, must be the
 * file's. Throws SimsvcError when refused (413 over the service's upload limit, 422 not a run database, …).
 */
export function uploadRunDatabase(results: ServiceClient<paths>, file: Blob, executionId?: string): Promise<RegisterResult> {
  return results.POST('/runs', {
    // The generated type of a binary body is string; the Blob is sent as it is.
    body: file as unknown as string,
    bodySerializer: (body: unknown) => body as Blob,
    headers: { 'Content-Type': 'application/vnd.sqlite3' },
    params: { query: executionId === undefined ? {} : { execution_id: executionId } },
  });
}

/** GET /results/{execution_id}/run-database: the Response whose `body` streams the file (name: attachmentName). */
export async function downloadRunDatabase(
  results: ServiceClient<paths>,
  executionId: string,
  init: { signal?: AbortSignal } = {},
): Promise<Response> {
  const { error, response } = await results.raw.GET('/results/{execution_id}/run-database', {
    params: { path: { execution_id: executionId } },
    parseAs: 'stream',
    ...init,
  });
  if (!response.ok) throw SimsvcError.fromResponse({ method: 'GET', url: response.url }, response, error);
  return response;
}

/** The file name a response's Content-Disposition gives (`filename="…"` or a bare token), if any. */
export function attachmentName(response: Response): string | undefined {
  const header = response.headers.get('Content-Disposition') ?? '';
  const match = /;\s*filename=(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  if (!match) return undefined;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2];
}
