import { useSessions } from '@simsvc/testing';
import { CACHE_STORE } from '@simsvc/persistence';
import { SERVICE_DATA_SOURCE } from '@simsvc/platform';
import { DataSource, MigrationInterface } from 'typeorm';
import { entryPath, makeEntry, useCacheService } from './support/cache-test-service';

// The migration that lets simulation_id be NULL copies cache_entries on SQLite: a store written
// before it must come through with every entry, index and counter as it was.
describe('migration 1767600000000: entries without simulation', () => {
  const svc = useCacheService();
  const sessions = useSessions(svc, 'user');

  const NAME = 'EntriesWithoutSimulation1767600000000';
  const migration = (): MigrationInterface => {
    const classes = CACHE_STORE.migrations[svc.backend] as (new () => MigrationInterface)[];
    const found = classes.map((Migration) => new Migration()).find((candidate) => candidate.name === NAME);
    if (!found) throw new Error(`no migration ${NAME}`);
    return found;
  };

  it('keeps every entry of a store written before it, and its figures', async () => {
    const entries = [
      makeEntry({ simulation_id: 12 }),
      makeEntry({ simulation_id: 13, metadata: null }),
      makeEntry({ ttl_seconds: 90, ttl_hours: null }),
    ];
    for (const entry of entries) await svc.http().post('/cache').set('X-Session-ID', sessions.user).send(entry).expect(200);
    await svc
      .http()
      .get(entryPath(entries[0].cache_key as string))
      .set('X-Session-ID', sessions.user)
      .expect(200);
    const listed = async () => (await svc.http().get('/cache/entries?limit=1000').set('X-Session-ID', sessions.user).expect(200)).body;
    const stats = async () => (await svc.http().get('/cache/stats').set('X-Session-ID', sessions.user).expect(200)).body;
    const before = { entries: await listed(), stats: await stats() };

    // Back to the schema before the migration, as a store of the previous release has it.
    const dataSource = svc.nestApp.get<DataSource>(SERVICE_DATA_SOURCE);
    const runner = dataSource.createQueryRunner();
    try {
      await migration().down(runner);
      await runner.query(`DELETE FROM simsvc_cache_migrations WHERE name = '${NAME}'`);
      const insertWithoutSimulation = `INSERT INTO cache_entries (cache_key, simulation_id, simulation_name, simulation_version,
        execution_id, squid_id, input_hash, run_db_path, created_at, expires_at, size_bytes) VALUES ('k', NULL, '', '', '', '', '', '', 0, 0, 0)`;
      await expect(runner.query(insertWithoutSimulation)).rejects.toThrow();
    } finally {
      await runner.release();
    }

    await svc.restart();

    expect({ entries: await listed(), stats: await stats() }).toEqual(before);
    const stored = makeEntry({ simulation_id: null });
    await svc.http().post('/cache').set('X-Session-ID', sessions.user).send(stored).expect(200);
    const { body } = await svc
      .http()
      .get(entryPath(stored.cache_key as string))
      .set('X-Session-ID', sessions.user)
      .expect(200);
    expect(body.simulation_id).toBeNull();
  });
});
