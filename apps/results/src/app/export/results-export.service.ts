import { Injectable } from '@nestjs/common';
import { ExportFormat, ExportResultsDto } from '@simsvc/contracts';
import type { HitRecord } from '../results/result.record';
import { ResultSearchRepository, SearchPage } from '../results/result-search.repository';
import { RunSelection, runSelectionOf, sortKeysOf } from '../results/search-request';
import { SortKey, SortPosition } from '../results/search-order';
import { ExportColumnsRepository } from './export-columns.repository';
import { csvHeader, csvRecords, EXPORT_CONTENT_TYPES, exportFileName, jsonLines } from './export-table';

/** Runs read per statement: a page of POST /search, so an export holds at most this many at once. */
export const EXPORT_BATCH_SIZE = 1000;

/**
 * Runs per chunk written: a chunk of ~25–50 KB is short-lived in V8's young generation, where a
 * whole batch's text (~0.5 MB) went to the large-object space and waited for a full collection
 * (measured: RSS 273 → 388 MB exporting 1,000,000 runs in whole batches).
 */
const EXPORT_CHUNK_SIZE = 100;

/** An export ready to stream: its headers, and its body as text chunks of at most EXPORT_CHUNK_SIZE runs each. */
export interface ResultsExport {
  fileName: string;
  contentType: string;
  chunks: AsyncGenerator<string>;
}

/**
 * POST /export: every run a search body matches, in its order, read page after page the way
 * cursor pages of POST /search are (keyset: each page starts after the last run of the one
 * before), so memory holds one page whatever the number of runs. Each page is its own snapshot:
 * a run registered during an export appears in it when its place in the order is still ahead,
 * and no run appears twice.
 */
@Injectable()
export class ResultsExportService {
  constructor(
    private readonly searches: ResultSearchRepository,
    private readonly columns: ExportColumnsRepository,
  ) {}

  /**
   * Checks the body and reads the CSV columns and the first page before anything is sent, so that
   * a bad body or an unavailable database is still answered with the contract's error.
   */
  async open(request: ExportResultsDto, now = new Date()): Promise<ResultsExport> {
    const selection = runSelectionOf(request);
    const keys = sortKeysOf(request.order_by);
    const columns = request.format === 'csv' ? await this.columns.columns(selection) : undefined;
    const first = await this.page(selection, keys);
    const encode = (hits: HitRecord[]) => (columns ? csvRecords(hits, columns) : jsonLines(hits));
    return {
      fileName: exportFileName(selection.simulationName, request.format, now),
      contentType: EXPORT_CONTENT_TYPES[request.format satisfies ExportFormat],
      chunks: this.chunks(selection, keys, first, encode, columns && csvHeader(columns)),
    };
  }

  private async *chunks(
    selection: RunSelection,
    keys: SortKey[],
    first: SearchPage,
    encode: (hits: HitRecord[]) => string,
    header: string | undefined,
  ): AsyncGenerator<string> {
    if (header !== undefined) yield header;
    let page = first;
    for (;;) {
      // The next page is read (in the read pool, or by the database) while this one is encoded
      // and written: two pages in memory at most. Its failure is handled where it is awaited; the
      // empty catch only keeps a client that left meanwhile from making it an unhandled rejection.
      const next = page.next === undefined ? undefined : this.page(selection, keys, page.next);
      next?.catch(() => undefined);
      for (let start = 0; start < page.hits.length; start += EXPORT_CHUNK_SIZE)
        yield encode(page.hits.slice(start, start + EXPORT_CHUNK_SIZE));
      if (next === undefined) return;
      page = await next;
    }
  }

  private page(selection: RunSelection, keys: SortKey[], after?: SortPosition): Promise<SearchPage> {
    return this.searches.page({ ...selection, limit: EXPORT_BATCH_SIZE, offset: 0 }, keys, after);
  }
}
