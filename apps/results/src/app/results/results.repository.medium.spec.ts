import { OrderKey, ResultFiltersDto, ResultJsonValue } from '@simsvc/contracts';
import { RESULTS_STORE } from '@simsvc/persistence';
import { openTestStore, TestStore } from '@simsvc/persistence/testing';
import { ParameterFiguresRepository } from './parameter-figures.repository';
import { inferSchema } from './parameter-values';
import { NewResult, parameterRows } from './result.record';
import { ResultSearchRepository, SearchPage } from './result-search.repository';
import { ResultsRepository } from './results.repository';
import { runSelectionOf, sortKeysOf } from './search-request';

// The results store's SQL on this project's backend: registration (in place for a known
// execution_id), parameter sets, deletion, revisions, parameter figures, and search with its
// filters, orders and keyset pages, through the repositories' public methods.
const NOW = 1_800_000_000_000_000;

function result(executionId: string, inputs: Record<string, ResultJsonValue>, outputs: Record<string, ResultJsonValue> = {}): NewResult {
  return {
    execution_id: executionId,
    simulation_name: 'heat',
    simulation_version: '1.0',
    squid_id: null,
    status: 'completed',
    duration_seconds: 1.5,
    input_params: inputs,
    output_params: outputs,
    schema: { inputs: inferSchema(inputs), outputs: inferSchema(outputs) },
    run_db_path: null,
    metadata: null,
    completed_at: null,
  };
}

describe('results repositories', () => {
  let store: TestStore;
  let results: ResultsRepository;
  let searches: ResultSearchRepository;
  let figures: ParameterFiguresRepository;

  const register = (run: NewResult, at = NOW) => results.store(run, parameterRows(run), at);
  const search = (request: ResultFiltersDto & { order_by?: OrderKey[] }, limit = 10, after?: SearchPage['next']) =>
    searches.search({ ...runSelectionOf(request), limit, offset: 0 }, sortKeysOf(request.order_by), after);
  const ids = (page: SearchPage) => page.hits.map((hit) => hit.executionId);

  beforeEach(async () => {
    store = await openTestStore(RESULTS_STORE);
    results = new ResultsRepository(store.db);
    searches = new ResultSearchRepository(store.db, store.reader);
    figures = new ParameterFiguresRepository(store.db);
  });
  afterEach(() => store.close());

  describe('registration', () => {
    it('stores a result that reads back as registered', async () => {
      const { resultId } = await register(result('run-1', { x: 1, label: 'a' }, { y: [1, 2] }));
      const found = await results.find('run-1');
      expect(Number(found?.id)).toBe(resultId);
      expect(JSON.parse(found!.inputParams)).toEqual({ x: 1, label: 'a' });
      expect(JSON.parse(found!.outputParams)).toEqual({ y: [1, 2] });
      expect(await results.find('run-2')).toBeNull();
    });

    it('updates a known execution_id in place: same id, first created_at, new parameters', async () => {
      const first = await register(result('run-1', { x: 1 }), NOW);
      const again = await register(result('run-1', { x: 5 }), NOW + 100);
      expect(again.resultId).toBe(first.resultId);
      const found = await results.find('run-1');
      expect(Number(found!.createdAt)).toBe(NOW);
      expect(JSON.parse(found!.inputParams)).toEqual({ x: 5 });
      expect(ids(await search({ simulation_name: 'heat', input_filters: { x: 1 } }))).toEqual([]);
      expect(ids(await search({ simulation_name: 'heat', input_filters: { x: 5 } }))).toEqual(['run-1']);
    });

    it('gives runs with the same parameter names, classes and types one schema id, and others another', async () => {
      const a = await register(result('run-1', { x: 1 }));
      const b = await register(result('run-2', { x: 2 }));
      const c = await register(result('run-3', { x: 'text' }));
      expect(b.schemaId).toBe(a.schemaId);
      expect(c.schemaId).not.toBe(a.schemaId);
    });

    it('stores many in one go, telling which execution_ids were known', async () => {
      await register(result('run-1', { x: 1 }));
      const updated = await results.storeMany(
        ['run-1', 'run-2', 'run-3'].map((id, n) => ({
          result: result(id, { x: 10 + n }),
          parameters: parameterRows(result(id, { x: 10 + n })),
        })),
        NOW,
      );
      expect(updated.map((stored) => stored.updated)).toEqual([true, false, false]);
      expect(ids(await search({ simulation_name: 'heat', input_filters: { x: { $gte: 10 } } }))).toEqual(['run-3', 'run-2', 'run-1']);
    });

    it('stores an execution_id given twice in one go in turn: the later wins, in place, as an update', async () => {
      const many = (runs: NewResult[]) =>
        results.storeMany(
          runs.map((run) => ({ result: run, parameters: parameterRows(run) })),
          NOW,
        );
      const stored = await many([
        result('run-1', { x: 1 }),
        result('run-2', { x: 2 }),
        result('run-1', { x: 3, y: 'b' }),
        result('run-1', { x: 4 }),
      ]);
      expect(stored.map((one) => one.updated)).toEqual([false, false, true, true]);
      expect(new Set([stored[0].resultId, stored[2].resultId, stored[3].resultId]).size).toBe(1);
      expect(stored[2].schemaId).not.toBe(stored[3].schemaId);
      expect(JSON.parse((await results.find('run-1'))!.inputParams)).toEqual({ x: 4 });
      expect(ids(await search({ simulation_name: 'heat', input_filters: { x: { $gte: 1 } } }))).toEqual(['run-2', 'run-1']);
      expect(ids(await search({ simulation_name: 'heat', input_filters: { y: 'b' } }))).toEqual([]);
    });

    it('deletes a result once, its parameters with it', async () => {
      await register(result('run-1', { x: 1 }));
      expect(await results.remove('run-1')).toBe(true);
      expect(await results.remove('run-1')).toBe(false);
      expect(await results.find('run-1')).toBeNull();
      expect((await figures.parameterFigures('heat', 'input', 'x')).count).toBe(0);
    });

    it('moves the simulation to a new revision at every registration and deletion', async () => {
      expect(await figures.revision('heat')).toBeNull();
      await register(result('run-1', { x: 1 }));
      const afterRegistration = await figures.revision('heat');
      await results.remove('run-1');
      const afterDeletion = await figures.revision('heat');
      expect(afterRegistration).not.toBeNull();
      expect(afterDeletion).toBeGreaterThan(afterRegistration!);
    });
  });

  describe('parameter figures', () => {
    it('counts, averages and bounds the numeric values of one parameter of one class', async () => {
      await register(result('run-1', { x: 1 }, { x: 100 }));
      await register(result('run-2', { x: 2 }));
      await register(result('run-3', { x: 6 }));
      await register(result('run-4', { x: 'not a number' }));
      expect(await figures.parameterFigures('heat', 'input', 'x')).toMatchObject({
        count: 3,
        avg_value: 3,
        min_value: 1,
        max_value: 6,
      });
      expect(await figures.parameterFigures('heat', 'output', 'x')).toMatchObject({ count: 1, avg_value: 100 });
      expect(await figures.parameterFigures('cold', 'input', 'x')).toMatchObject({ count: 0, revision: null });
    });

    it('averages values whose sum is beyond a double', async () => {
      await register(result('run-1', { big: 1e308 }));
      await register(result('run-2', { big: 1e308 }));
      expect(await figures.parameterFigures('heat', 'input', 'big')).toMatchObject({ count: 2, avg_value: 1e308, max_value: 1e308 });
    });
  });

  describe('search', () => {
    beforeEach(async () => {
      await register(result('a', { x: 3, tag: 'red' }));
      await register(result('b', { x: 1, tag: 'blue' }));
      await register(result('c', { x: 2 }));
      await register(result('d', { x: 'two', tag: 'red' }));
      await register({ ...result('e', { x: 5 }), simulation_name: 'cold' });
    });

    it('lists a simulation newest first with its total', async () => {
      const page = await search({ simulation_name: 'heat' });
      expect(ids(page)).toEqual(['d', 'c', 'b', 'a']);
      expect(page.total).toBe(4);
      expect(ids(await search({}))).toEqual(['e', 'd', 'c', 'b', 'a']);
    });

    it('keeps the runs meeting every filter, a run lacking the parameter never', async () => {
      expect(ids(await search({ simulation_name: 'heat', input_filters: { x: { $gt: 1, $lte: 3 } } }))).toEqual(['c', 'a']);
      expect(ids(await search({ simulation_name: 'heat', input_filters: { tag: { $ne: 'red' } } }))).toEqual(['b']);
      expect(ids(await search({ simulation_name: 'heat', input_filters: { x: { $in: [1, 'two'] } } }))).toEqual(['d', 'b']);
      expect(ids(await search({ simulation_name: 'heat', input_filters: { x: { $gte: 1 }, tag: 'red' } }))).toEqual(['a']);
      expect((await search({ simulation_name: 'heat', input_filters: { x: 99 } })).total).toBe(0);
    });

    it('orders by a parameter: numbers numerically, then strings, runs lacking it last in both directions', async () => {
      const byX = (direction: 'asc' | 'desc') => search({ simulation_name: 'heat', order_by: [{ class: 'input', name: 'x', direction }] });
      expect(ids(await byX('asc'))).toEqual(['b', 'c', 'a', 'd']);
      expect(ids(await byX('desc'))).toEqual(['a', 'c', 'b', 'd']);
      const byTag = await search({ simulation_name: 'heat', order_by: [{ class: 'input', name: 'tag', direction: 'desc' }] });
      expect(ids(byTag).at(-1)).toBe('c');
    });

    it('pages an ordered search by position: neither repeating nor skipping runs registered in between', async () => {
      const order: OrderKey[] = [{ class: 'input', name: 'x', direction: 'asc' }];
      const first = await search({ simulation_name: 'heat', order_by: order }, 2);
      expect(ids(first)).toEqual(['b', 'c']);
      await register(result('f', { x: 0 }));
      const second = await search({ simulation_name: 'heat', order_by: order }, 2, first.next);
      expect(ids(second)).toEqual(['a', 'd']);
      expect(second.next).toBeUndefined();
    });

    it('pages the newest-first order by result id', async () => {
      const first = await search({ simulation_name: 'heat' }, 3);
      expect(ids(first)).toEqual(['d', 'c', 'b']);
      const second = await search({ simulation_name: 'heat' }, 3, first.next);
      expect(ids(second)).toEqual(['a']);
    });
  });
});
