import type { components, paths } from '../generated/results.js';
import type { ServiceClient } from './service-client.js';

export type SearchBody = components['schemas']['SearchResultsDto'];
export type SearchPage = components['schemas']['SearchResultsResponse'];
export type SearchHit = components['schemas']['SearchHit'];

/**
 * Every page of a POST /search, first to last: the first with `body`, each next one with the
 * previous page's `next_cursor` (keyset pages: runs registered meanwhile neither repeat nor
 * shift the pages). Stops after the page whose `next_cursor` is null; `offset` is not sent.
 */
export async function* searchPages(results: ServiceClient<paths>, body: Omit<SearchBody, 'offset' | 'cursor'>): AsyncGenerator<SearchPage> {
  let cursor: string | null = null;
  do {
    const page: SearchPage = await results.POST('/search', { body: cursor === null ? body : { ...body, cursor } });
    yield page;
    cursor = page.next_cursor;
  } while (cursor !== null);
}

/** Every hit of a POST /search, page by page (see searchPages). */
export async function* searchHits(results: ServiceClient<paths>, body: Omit<SearchBody, 'offset' | 'cursor'>): AsyncGenerator<SearchHit> {
  for await (const page of searchPages(results, body)) yield* page.results;
}
