import { DataSource } from 'typeorm';
import { createScratchDatabase } from '../../../testing/scratch-database';
import { dataSourceOptions } from '../../database/data-source-options';
import { AUTH_STORE } from '../auth.store';

const counters = (dataSource: DataSource) =>
  dataSource.query("SELECT name, seq FROM sqlite_sequence WHERE name LIKE 'auth_%' ORDER BY name");

describe('EntityColumnTypes on SQLite (tables rebuilt with the declared types of the entities)', () => {
  it('keeps the rows and the AUTOINCREMENT counters of a store written by the released migrations, and reverts', async () => {
    const scratch = await createScratchDatabase('sqlite');
    const released = { ...AUTH_STORE, migrations: { ...AUTH_STORE.migrations, sqlite: AUTH_STORE.migrations.sqlite.slice(0, 2) } };
    const before = new DataSource(dataSourceOptions(scratch.config, released));
    const after = new DataSource(dataSourceOptions(scratch.config, AUTH_STORE));
    try {
      await before.initialize();
      await before.runMigrations();
      for (const name of ['a', 'b', 'c']) {
        await before.query("INSERT INTO auth_users (username, role, password_hash, created_at, updated_at) VALUES (?, 'user', 'h', 1, 2)", [
          name,
        ]);
      }
      await before.query("DELETE FROM auth_users WHERE username = 'c'");
      await before.query("INSERT INTO auth_rate_events (scope, subject, client_address, at) VALUES ('login', 'x', '1', 5)");
      await before.query('DELETE FROM auth_rate_events');
      await before.destroy();

      await after.initialize();
      await after.runMigrations();
      const expected = [
        { name: 'auth_rate_events', seq: 1 },
        { name: 'auth_users', seq: 3 },
      ];
      expect(await counters(after)).toEqual(expected);
      expect(await after.query('SELECT id, username, disabled, created_at FROM auth_users ORDER BY id')).toEqual([
        { id: 1, username: 'a', disabled: 0, created_at: 1 },
        { id: 2, username: 'b', disabled: 0, created_at: 1 },
      ]);
      expect((await after.driver.createSchemaBuilder().log()).upQueries).toEqual([]);

      // Back through the later migrations, then this one.
      for (;;) {
        const [last] = (await after.query('SELECT name FROM simsvc_auth_migrations ORDER BY id DESC LIMIT 1')) as { name: string }[];
        await after.undoLastMigration();
        if (last.name.startsWith('EntityColumnTypes')) break;
      }
      expect(await counters(after)).toEqual(expected);
      expect(await after.query('SELECT username FROM auth_users ORDER BY id')).toEqual([{ username: 'a' }, { username: 'b' }]);
    } finally {
      if (after.isInitialized) await after.destroy();
      if (before.isInitialized) await before.destroy();
      await scratch.drop();
    }
  });
});
