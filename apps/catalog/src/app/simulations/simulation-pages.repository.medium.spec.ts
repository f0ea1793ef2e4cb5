import { RegisterSimulationDto } from '@simsvc/contracts';
import { CatalogStore, openCatalogStore, specBackends } from '../../../test/support/catalog-store';
import { SearchCriteria } from './search-query.builder';
import { SearchIndexRepository } from './search-index.repository';
import { simulationJson, SimulationRecord } from './simulation.record';
import { newSimulationFrom } from './simulation-registration';
import { SimulationPagesRepository } from './simulation-pages.repository';
import { SimulationsRepository } from './simulations.repository';

const criteria = (changes: Partial<SearchCriteria>): SearchCriteria => ({
  tokens: [],
  tags: [],
  allTags: [],
  limit: 50,
  offset: 0,
  ...changes,
});

describe.each(specBackends())('SimulationPagesRepository on %s', (backend) => {
  let store: CatalogStore;
  let pages: SimulationPagesRepository;
  const records: SimulationRecord[] = [];
  const json = (...items: SimulationRecord[]) => `[${items.map(simulationJson).join(',')}]`;

  beforeAll(async () => {
    store = await openCatalogStore(backend);
    pages = new SimulationPagesRepository(store.db, store.reader);
    const simulations = new SimulationsRepository(store.db);
    const index = new SearchIndexRepository(store.db);
    const bodies = [
      { name: 'heat', version: '1.0.0', description: 'conduction in a rod', tags: ['pde'] },
      { name: 'heat', version: '1.10.0', description: 'conduction, faster', tags: ['pde', 'fast'], metadata: { k: [1] } },
      { name: 'heat', version: '1.9.0', description: 'conduction', tags: [] },
      { name: 'wave', version: '0.1.0', description: 'acoustic waves', tags: ['PDE'], auto_approve: true },
    ];
    for (const [n, body] of bodies.entries()) {
      const simulation = newSimulationFrom(body);
      await store.db.run((manager) => index.addWords(manager, simulation));
      records.push(
        await store.db.transaction(async (manager) => {
          const record = await simulations.insert(manager, simulation, 1_767_312_000_000_000 + n);
          await index.add(manager, record.id, simulation);
          return record;
        }),
      );
    }
  }, 60_000);
  afterAll(() => store?.close());

  it('pages the versions of a name, highest first, with the number of all of them', async () => {
    const [v100, v1100, v190] = records;
    expect(await pages.versions('heat', 50, 0)).toEqual({ json: json(v1100, v190, v100), total: 3 });
    expect(await pages.versions('heat', 1, 1)).toEqual({ json: json(v190), total: 3 });
    expect(await pages.versions('heat', 10, 5)).toEqual({ json: '[]', total: 3 });
    expect(await pages.versions('none', 10, 0)).toEqual({ json: '[]', total: 0 });
  });

  it('searches by token and tags, ranks, and counts every match', async () => {
    const [v100, v1100, v190, wave] = records;
    expect(await pages.search(criteria({ tokens: ['conduction'] }))).toEqual({ json: json(v1100, v190, v100), total: 3 });
    expect(await pages.search(criteria({ tokens: ['fast', 'rod'] }))).toEqual({ json: json(v1100, v100), total: 2 });
    expect(await pages.search(criteria({ tags: ['pde'] }))).toEqual({ json: json(wave, v1100, v100), total: 3 });
    expect(await pages.search(criteria({ allTags: ['pde', 'fast'] }))).toEqual({ json: json(v1100), total: 1 });
    expect(await pages.search(criteria({ tokens: ['nothing'] }))).toEqual({ json: '[]', total: 0 });
  });

  it('browses every simulation: names by their newest registration, versions highest first', async () => {
    const [v100, v1100, v190, wave] = records;
    expect(await pages.search(criteria({}))).toEqual({ json: json(wave, v1100, v190, v100), total: 4 });
    expect(await pages.search(criteria({ limit: 2, offset: 3 }))).toEqual({ json: json(v100), total: 4 });
  });

  it('writes every simulation as the service writes it, escapes, nulls, provenance and far dates included', async () => {
    const simulations = new SimulationsRepository(store.db);
    const bodies: Partial<RegisterSimulationDto>[] = [
      { description: 'a "b" \\ c\n\t\u0001\u001f\u007f\u2028 d', author: 'O\'Brien "x"', tags: ['wärme', '熱 🔥'] },
      {
        description: '',
        input_schema: { n: { type: 'Integer', choices: [1, 2], units: null, note: 'x\u0000y' } },
        installation_id: 'a1b2c3d4e5f60718',
        workflow_type: 'notebook',
        workflow_hash: 'ab'.repeat(32),
        workflow_bundle: { format_version: 1, files: [{ path: 'w.ipynb', content_base64: 'e30=' }] },
        dependencies: ['numpy>=1.26'],
        metadata: { deprecation_reason: 'superseded "2.0"' },
        auto_approve: true,
        visibility: 'public',
        license: 'MIT',
      },
    ];
    const times = [0, 4_102_444_799_999_999, 1_767_312_000_000_001];
    const written: SimulationRecord[] = [];
    for (const [n, body] of [...bodies, { description: 'plain' }].entries()) {
      const simulation = newSimulationFrom({ name: 'escapes', version: `${n}.0.0`, ...body } as RegisterSimulationDto);
      written.push(await store.db.transaction((manager) => simulations.insert(manager, simulation, times[n])));
    }
    const read = await Promise.all(written.map((record) => simulations.findVersion(record.name, record.version)));
    expect(await pages.versions('escapes', 50, 0)).toEqual({ json: json(...(read.reverse() as SimulationRecord[])), total: 3 });
  });
});
