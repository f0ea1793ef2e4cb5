import { CatalogStore, openCatalogStore, specBackends } from '../../../test/support/catalog-store';
import { IndexedFields, SearchIndexRepository } from './search-index.repository';
import { newSimulationFrom } from './simulation-registration';
import { SimulationsRepository } from './simulations.repository';

describe.each(specBackends())('SearchIndexRepository on %s', (backend) => {
  let store: CatalogStore;
  let index: SearchIndexRepository;
  let simulations: SimulationsRepository;

  const rows = async (sql: string, id: number) =>
    ((await store.dataSource.query(sql.replace('$1', backend === 'sqlite' ? '?' : '$1'), [id])) as { v: string }[]).map((row) => row.v);
  const tagsOf = (id: number) => rows('SELECT tag AS v FROM catalog_simulation_tags WHERE simulation_id = $1 ORDER BY tag', id);
  const wordsOf = (id: number) =>
    rows(
      `SELECT t.term AS v FROM catalog_search_postings p JOIN catalog_search_terms t ON t.id = p.term_id
       WHERE p.simulation_id = $1 ORDER BY t.term`,
      id,
    );

  /** A registered simulation, indexed as SimulationsService does it. */
  async function registered(fields: IndexedFields): Promise<number> {
    const simulation = newSimulationFrom({ name: fields.name, version: '1.0.0', description: fields.description, tags: [...fields.tags] });
    await store.db.run((manager) => index.addWords(manager, fields));
    return store.db.transaction(async (manager) => {
      const record = await simulations.insert(manager, simulation, 1);
      await index.add(manager, record.id, fields);
      return record.id;
    });
  }

  beforeAll(async () => {
    store = await openCatalogStore(backend);
    index = new SearchIndexRepository(store.db);
    simulations = new SimulationsRepository(store.db);
  }, 60_000);
  afterAll(() => store?.close());

  it('indexes the lower-cased words of name, description and tags, and the tags each once', async () => {
    const top = await index.vocabularyTop();
    const id = await registered({ name: 'heat-1d', description: 'Heat in a  Rod', tags: ['PDE', 'pde', 'Thermal'] });
    expect(await tagsOf(id)).toEqual(['pde', 'thermal']);
    expect(await wordsOf(id)).toEqual(['a', 'heat', 'heat-1d', 'in', 'pde', 'rod', 'thermal']);
    expect(await index.vocabularyTop()).toBeGreaterThan(top);
  });

  it('keeps the vocabulary: words of a second simulation are added once', async () => {
    const top = await index.vocabularyTop();
    await registered({ name: 'rod', description: 'heat', tags: [] });
    expect(await index.vocabularyTop()).toBe(top);
  });

  it('follows a change of tags or description, and nothing else', async () => {
    const before: IndexedFields = { name: 'wave', description: 'old words', tags: ['x'] };
    const id = await registered(before);
    const replace = (from: IndexedFields, to: IndexedFields) => store.db.transaction((manager) => index.replace(manager, id, from, to));

    await replace(before, { ...before, tags: ['Y', 'z'] });
    expect(await tagsOf(id)).toEqual(['y', 'z']);
    expect(await wordsOf(id)).toEqual(['old', 'wave', 'words', 'y', 'z']);

    await replace({ ...before, tags: ['Y', 'z'] }, { name: 'wave', description: 'new text', tags: ['Y', 'z'] });
    expect(await tagsOf(id)).toEqual(['y', 'z']);
    expect(await wordsOf(id)).toEqual(['new', 'text', 'wave', 'y', 'z']);
  });

  it('merges the SQLite trigram index, whose lookups still find every word', async () => {
    if (backend !== 'sqlite') return;
    await index.mergeTrigramIndex();
    const found = (await store.dataSource.query(`SELECT term FROM catalog_search_terms_fts WHERE term GLOB '*hermal*'`)) as unknown[];
    expect(found).toEqual([{ term: 'thermal' }]);
  });
});
