import { DEFAULT_PAGE_LIMIT, ResultParamClass, SearchResultsDto } from '@simsvc/contracts';
import { MetricsRegistry, ServiceConfig } from '@simsvc/platform';
import { createSecretKey, randomBytes } from 'node:crypto';
import { ResultsConfig } from '../results-config';
import { RunDatabaseReader } from '../run-database/run-database.reader';
import { ParameterFigures, ParameterFiguresRepository } from './parameter-figures.repository';
import { ParameterStatsCache } from './parameter-stats.cache';
import { ResultAggregateRepository } from './result-aggregate.repository';
import { ResultSearchRepository, SearchPage } from './result-search.repository';
import { ResultsMetrics } from './results.metrics';
import { ResultsRepository } from './results.repository';
import { ResultsService } from './results.service';
import { SearchCriteria } from './search-query';
import { SortKey, SortPosition } from './search-order';
import { SearchCursors } from './search-cursor';

// The results service's rules above the store (cursor or offset, cursors bound to their search,
// default paging, statistics of no values, the class alias, figures kept per revision) against
// in-memory repositories.
class InMemorySearches {
  readonly calls: { criteria: SearchCriteria; keys: SortKey[]; after?: SortPosition }[] = [];
  next?: SortPosition;

  async search(criteria: SearchCriteria, keys: SortKey[], after?: SortPosition): Promise<SearchPage> {
    this.calls.push({ criteria, keys, after });
    return { total: 0, totalIsLowerBound: false, hits: [], next: this.next };
  }
}

class InMemoryFigures {
  revisionNow: number | null = 1;
  computed = 0;
  answer: Omit<ParameterFigures, 'revision'> = { param_type: 'number', count: 0, avg_value: 5, min_value: 1, max_value: 9 };

  async revision(): Promise<number | null> {
    return this.revisionNow;
  }
  async parameterFigures(): Promise<ParameterFigures> {
    this.computed += 1;
    return { ...this.answer, revision: this.revisionNow };
  }
}

class InMemoryResults {
  async find(): Promise<null> {
    return null;
  }
  async remove(): Promise<boolean> {
    return false;
  }
}

describe('ResultsService', () => {
  let searches: InMemorySearches;
  let figures: InMemoryFigures;
  let service: ResultsService;

  beforeEach(() => {
    searches = new InMemorySearches();
    figures = new InMemoryFigures();
    service = new ResultsService(
      new InMemoryResults() as unknown as ResultsRepository,
      searches as unknown as ResultSearchRepository,
      new SearchCursors(createSecretKey(randomBytes(32))),
      {} as ResultAggregateRepository,
      new ParameterStatsCache(figures as unknown as ParameterFiguresRepository),
      new ResultsMetrics(new MetricsRegistry()),
      {} as RunDatabaseReader,
      {} as ServiceConfig<ResultsConfig>,
    );
  });

  const search = (request: Partial<SearchResultsDto>) => service.search({ simulation_name: 'heat', ...request } as SearchResultsDto);
  const byX: SearchResultsDto['order_by'] = [{ class: 'input', name: 'x', direction: 'asc' }];

  it('pages from offset 0 by the default limit when neither is given', async () => {
    expect(await search({})).toMatchObject({ limit: DEFAULT_PAGE_LIMIT, offset: 0, next_cursor: null });
    expect(searches.calls[0].criteria).toMatchObject({ simulationName: 'heat', limit: DEFAULT_PAGE_LIMIT, offset: 0 });
  });

  it('hands out a cursor where a page ends, and continues after that position from it', async () => {
    searches.next = { keys: [[0, 3]], id: 42 };
    const first = await search({ order_by: byX, limit: 2 });
    expect(first.next_cursor).toEqual(expect.any(String));
    searches.next = undefined;
    const second = await search({ order_by: byX, limit: 2, cursor: first.next_cursor! });
    expect(second).toMatchObject({ offset: null, next_cursor: null });
    expect(searches.calls[1]).toMatchObject({ after: { keys: [[0, 3]], id: 42 }, criteria: { offset: 0 } });
  });

  it('refuses a cursor with an offset, a cursor of another search, and a tampered cursor', async () => {
    searches.next = { keys: [[0, 3]], id: 42 };
    const { next_cursor: cursor } = await search({ order_by: byX, input_filters: { x: { $gt: 1 } } });
    await expect(search({ order_by: byX, input_filters: { x: { $gt: 1 } }, cursor: cursor!, offset: 0 })).rejects.toThrow(
      'send cursor or offset, not both',
    );
    await expect(search({ order_by: byX, input_filters: { x: { $gt: 2 } }, cursor: cursor! })).rejects.toThrow('another search');
    const tampered = cursor!.slice(0, -2) + (cursor!.endsWith('AA') ? 'BB' : 'AA');
    await expect(search({ order_by: byX, input_filters: { x: { $gt: 1 } }, cursor: tampered })).rejects.toThrow();
    expect(searches.calls).toHaveLength(1);
  });

  it('answers the statistics of a parameter without values with count 0 and no figures', async () => {
    expect(await service.stats('heat', 'x', {})).toEqual({
      simulation_name: 'heat',
      param_name: 'x',
      param_class: 'output',
      param_type: 'number',
      count: 0,
      avg_value: null,
      min_value: null,
      max_value: null,
    });
  });

  it('takes the class from class or param_class, refusing the two when they differ', async () => {
    const stats = (query: { class?: ResultParamClass; param_class?: ResultParamClass }) => service.stats('heat', 'x', query);
    expect((await stats({ param_class: 'input' })).param_class).toBe('input');
    expect((await stats({ class: 'input', param_class: 'input' })).param_class).toBe('input');
    await expect(stats({ class: 'input', param_class: 'output' })).rejects.toThrow('class and param_class disagree');
  });

  it('computes the figures of a parameter again only when its simulation moved to another revision', async () => {
    figures.answer = { ...figures.answer, count: 3 };
    await service.stats('heat', 'x', {});
    await service.stats('heat', 'x', {});
    expect(figures.computed).toBe(1);
    figures.revisionNow = 2;
    expect((await service.stats('heat', 'x', {})).count).toBe(3);
    expect(figures.computed).toBe(2);
  });

  it('answers an unknown execution_id with not found, to a read and to a deletion', async () => {
    await expect(service.find('nope')).rejects.toThrow('result not found');
    await expect(service.remove('nope')).rejects.toThrow('result not found');
  });
});
