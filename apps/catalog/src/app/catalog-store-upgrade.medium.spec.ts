import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { CatalogStore, openCatalogStore, specBackends, STORE_AT_1769300000000 } from '../../test/support/catalog-store';
import { ExecutionRecord, toExecutionResponse } from './executions/execution.record';
import { ExecutionsRepository } from './executions/executions.repository';
import { SearchIndexRepository } from './simulations/search-index.repository';
import { SimulationPagesRepository } from './simulations/simulation-pages.repository';
import { simulationJson, SimulationRecord } from './simulations/simulation.record';
import { newSimulationFrom } from './simulations/simulation-registration';
import { SimulationsRepository } from './simulations/simulations.repository';

/** What the service answered from the store at 1769300000000, recorded then (responses as JSON text). */
interface Answers {
  simulations: Record<string, string>;
  latest: Record<string, string>;
  versions: Record<string, { json: string; total: number }>;
  stats: Record<string, unknown>;
  executions: Record<string, string>;
}

const answers = JSON.parse(readFileSync(join(STORE_AT_1769300000000, 'answers.json'), 'utf8')) as Answers;

/** The definitions of the store's triggers (and PostgreSQL's trigger function), by name. */
async function triggerDefinitions(dataSource: DataSource, backend: string): Promise<Record<string, string>> {
  const rows = (await dataSource.query(
    backend === 'sqlite'
      ? `SELECT name, sql AS definition FROM sqlite_master WHERE type = 'trigger'`
      : `SELECT tgname AS name, pg_get_triggerdef(oid) AS definition FROM pg_trigger WHERE NOT tgisinternal
         UNION ALL SELECT proname, pg_get_functiondef(oid) FROM pg_proc WHERE proname = 'catalog_execution_stats_apply'`,
  )) as { name: string; definition: string }[];
  return Object.fromEntries(rows.map((row) => [row.name, row.definition]));
}

/**
 * A store of the released service (a copy of one at 1769300000000, with stored documents, a
 * stale one among them, executions, statistics and the search index) migrates to the current
 * schema, and the service answers from it exactly as the released service did.
 */
describe.each(specBackends())('a catalog store at 1769300000000 upgraded on %s', (backend) => {
  let store: CatalogStore;
  let simulations: SimulationsRepository;
  let executions: ExecutionsRepository;
  let pages: SimulationPagesRepository;

  beforeAll(async () => {
    store = await openCatalogStore(backend, STORE_AT_1769300000000);
    simulations = new SimulationsRepository(store.db);
    executions = new ExecutionsRepository(store.db);
    pages = new SimulationPagesRepository(store.db, store.reader);
  }, 60_000);
  afterAll(() => store?.close());

  it('answers every simulation, latest version and page of versions as the released service did', async () => {
    const rows = (await store.dataSource.query('SELECT id, name, version FROM catalog_simulations ORDER BY id')) as {
      id: number;
      name: string;
      version: string;
    }[];
    expect(rows.map((row) => String(row.id))).toEqual(Object.keys(answers.simulations));
    for (const { id, name, version } of rows) {
      expect(simulationJson((await simulations.findVersion(name, version)) as SimulationRecord)).toBe(answers.simulations[id]);
    }
    for (const [name, latest] of Object.entries(answers.latest)) {
      expect(simulationJson((await simulations.findLatest(name)) as SimulationRecord)).toBe(latest);
      expect(await pages.versions(name, 50, 0)).toEqual(answers.versions[name]);
    }
  });

  it('keeps executions and their statistics', async () => {
    for (const [id, json] of Object.entries(answers.executions)) {
      expect(JSON.stringify(toExecutionResponse((await executions.find(id)) as ExecutionRecord))).toBe(json);
    }
    for (const [id, figures] of Object.entries(answers.stats)) expect(await executions.figures(Number(id))).toEqual(figures);
  });

  it('has no stored documents any more, and the triggers of a new store', async () => {
    const fresh = await openCatalogStore(backend);
    try {
      expect(await triggerDefinitions(store.dataSource, backend)).toEqual(await triggerDefinitions(fresh.dataSource, backend));
    } finally {
      await fresh.close();
    }
    const columns = store.dataSource.getMetadata('catalog_simulations').columns.map((column) => column.databaseName);
    const live = (await store.dataSource.query(
      backend === 'sqlite'
        ? `SELECT name FROM pragma_table_info('catalog_simulations')`
        : `SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'catalog_simulations'`,
    )) as { name: string }[];
    expect(live.map((row) => row.name).sort()).toEqual([...columns].sort());
  });

  it('keeps the search index and the statistics current after the upgrade', async () => {
    // Simulations 1 and 2 went into the copy by plain SQL, without index rows; 3 and 4 were registered.
    const search = await pages.search({ tokens: ['heat'], tags: [], allTags: [], limit: 50, offset: 0 });
    expect((JSON.parse(search.json) as { id: number }[]).map((item) => item.id).sort()).toEqual([3, 4]);

    // An execution recorded before its simulation was registered counts once it is.
    const index = new SearchIndexRepository(store.db);
    const registered = newSimulationFrom({ name: 'never-registered', version: '9', description: 'Registered at last', tags: ['late'] });
    await store.db.run((manager) => index.addWords(manager, registered));
    const record = await store.db.transaction(async (manager) => {
      const inserted = await simulations.insert(manager, registered, 1_767_400_000_000_000);
      await index.add(manager, inserted.id, registered);
      return inserted;
    });
    expect(await executions.figures(record.id)).toMatchObject({ total_executions: 1, successful: 1, avg_duration: 3 });
    const late = await pages.search({ tokens: ['last'], tags: ['late'], allTags: [], limit: 50, offset: 0 });
    expect(late).toEqual({ json: `[${simulationJson(record)}]`, total: 1 });
  });
});
