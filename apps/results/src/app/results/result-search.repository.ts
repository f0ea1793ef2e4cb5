import { Injectable } from '@nestjs/common';
import { InjectStoreDatabase, RESULTS_STORE, SnapshotReader, StoreDatabase } from '@simsvc/persistence';
import { HitRecord } from './result.record';
import { buildFilterSizes, buildSearch, SearchCriteria } from './search-query';

/** POST /search: the statements of search-query.ts, read in one snapshot off the request path. */
@Injectable()
export class ResultSearchRepository {
  constructor(
    @InjectStoreDatabase(RESULTS_STORE) private readonly db: StoreDatabase,
    private readonly reader: SnapshotReader,
  ) {}

  async search(criteria: SearchCriteria): Promise<{ total: number; hits: HitRecord[] }> {
    const plan = buildSearch(await this.smallestFilterFirst(criteria));
    if (plan.kind === 'separate') {
      const [totals, hits] = await this.reader.read([plan.count, plan.page]);
      return { total: Number((totals[0] as { total: number | string }).total), hits: hits as HitRecord[] };
    }
    const [rows] = (await this.reader.read([plan.statement])) as [(HitRecord & { total: number | string })[]];
    // An empty page is one row of NULL hit columns, so that the total still arrives.
    return { total: Number(rows[0].total), hits: rows.filter((row) => row.id !== null) };
  }

  /**
   * SQLite has no statistics to tell which filter selects least, and intersecting in the wrong
   * order costs up to twice as much; counting each filter's range first is far cheaper than that.
   * PostgreSQL's planner orders the semi-joins itself.
   */
  private async smallestFilterFirst(criteria: SearchCriteria): Promise<SearchCriteria> {
    if (criteria.filters.length < 2 || this.db.backend !== 'sqlite') return criteria;
    const [[row]] = (await this.reader.read([buildFilterSizes(criteria)])) as [Record<string, number>[]];
    const sized = criteria.filters.map((filter, index) => ({ filter, size: Number(row[`size${index}`]) }));
    return { ...criteria, filters: sized.sort((a, b) => a.size - b.size).map(({ filter }) => filter) };
  }
}
