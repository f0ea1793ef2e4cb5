import { Injectable } from '@nestjs/common';
import { InjectStoreDatabase, RESULTS_STORE, SnapshotReader, StoreDatabase } from '@simsvc/persistence';
import { HitRecord } from './result.record';
import { buildFilterSizes, buildSearch, SearchCriteria } from './search-query';
import { SortKey, SortPosition } from './search-order';
import {
  buildSortEstimate,
  buildSortedSearch,
  IndexWalk,
  indexWalkApplies,
  TOTAL_CAP,
  walkChunk,
  walkIsCheaper,
} from './sorted-search-query';

export interface SearchPage {
  total: number;
  /** Whether `total` is TOTAL_CAP standing for at least that many (order_by searches count no further). */
  totalIsLowerBound: boolean;
  hits: HitRecord[];
  /** Where the page ended, when more runs follow it. */
  next?: SortPosition;
}

/** POST /search: the statements of search-query.ts, read in one snapshot off the request path. */
@Injectable()
export class ResultSearchRepository {
  constructor(
    @InjectStoreDatabase(RESULTS_STORE) private readonly db: StoreDatabase,
    private readonly reader: SnapshotReader,
  ) {}

  /**
   * A page of `criteria.limit` hits in the order of `keys` (none: newest first), after `after`.
   * One more row than the page is read, to tell whether another page follows.
   */
  search(criteria: SearchCriteria, keys: SortKey[], after?: SortPosition): Promise<SearchPage> {
    return this.read(criteria, keys, after, true);
  }

  /**
   * The same page without its total (`total` 0): POST /export reads page after page, and a count
   * of every match per page would cost in proportion to the matches each time (at 1,000,000 runs,
   * most of the export's time).
   */
  page(criteria: SearchCriteria, keys: SortKey[], after?: SortPosition): Promise<SearchPage> {
    return this.read(criteria, keys, after, false);
  }

  private async read(criteria: SearchCriteria, keys: SortKey[], after: SortPosition | undefined, counted: boolean): Promise<SearchPage> {
    const probe = { ...(await this.smallestFilterFirst(criteria)), limit: criteria.limit + 1 };
    if (keys.length > 0) {
      const build = (walk: IndexWalk | undefined) => buildSortedSearch(probe, keys, this.db.backend, after, walk, counted);
      let { statement, sort } = build(await this.indexWalk(probe, keys, after));
      let [rows] = (await this.reader.read([statement])) as [(HitRecord & Record<string, unknown>)[]];
      if (Number(rows[0].bounded ?? 1) === 0) {
        // Too few numbers left for the index walk (or, on PostgreSQL, too few matches in its stretch): every run is a candidate.
        ({ statement, sort } = build(undefined));
        [rows] = (await this.reader.read([statement])) as [(HitRecord & Record<string, unknown>)[]];
      }
      const hits = rows.filter((row) => row.id !== null);
      const more = hits.length > criteria.limit;
      const total = Number(rows[0].total);
      return {
        total: Math.min(total, TOTAL_CAP),
        totalIsLowerBound: total > TOTAL_CAP,
        hits: hits.slice(0, criteria.limit),
        next: more ? sort.positionOf(hits[criteria.limit - 1]) : undefined,
      };
    }
    const { total, hits } = await this.newestFirst({ ...probe, beforeId: after?.id }, counted);
    const more = hits.length > criteria.limit;
    return {
      total,
      totalIsLowerBound: false,
      hits: hits.slice(0, criteria.limit),
      next: more ? { keys: [], id: Number(hits[criteria.limit - 1].id) } : undefined,
    };
  }

  /**
   * Where an index walk applies (sorted-search-query.ts), without filters it is always the
   * cheaper; with them, as the estimate says, and on PostgreSQL through a bounded stretch of the
   * index (IndexWalk.chunk). undefined: sort the matches.
   */
  private async indexWalk(criteria: SearchCriteria, keys: SortKey[], after: SortPosition | undefined): Promise<IndexWalk | undefined> {
    if (!indexWalkApplies(criteria, keys, after, this.db.backend)) return undefined;
    if (criteria.filters.length === 0) return {};
    const [[row]] = (await this.reader.read([buildSortEstimate(criteria, this.db.backend)])) as [Record<string, number | string | null>[]];
    const [matches, runs] = [Number(row.matches), Number(row.runs ?? 0)];
    if (!walkIsCheaper(matches, runs, criteria)) return undefined;
    return this.db.backend === 'postgresql' ? { chunk: walkChunk(matches, runs, criteria) } : {};
  }

  private async newestFirst(criteria: SearchCriteria, counted: boolean): Promise<{ total: number; hits: HitRecord[] }> {
    const plan = buildSearch(criteria, this.db.backend);
    if (plan.kind === 'separate' && !counted) {
      const [hits] = await this.reader.read([plan.page]);
      return { total: 0, hits: hits as HitRecord[] };
    }
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
