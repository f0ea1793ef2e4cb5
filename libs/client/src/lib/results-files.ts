import type { components, paths } from '../generated/results.js';
import type { ServiceClient } from './service-client.js';
import { SimsvcError } from './simsvc-error.js';

export type ExportBody = components['schemas']['ExportResultsDto'];

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

/** The file name a response's Content-Disposition gives (`filename="…"` or a bare token), if any. */
export function attachmentName(response: Response): string | undefined {
  const header = response.headers.get('Content-Disposition') ?? '';
  const match = /;\s*filename=(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  if (!match) return undefined;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2];
}
