import { DataSource } from 'typeorm';
import { createScratchDatabase } from '../../../testing/scratch-database';
import { dataSourceOptions } from '../../database/data-source-options';
import { AUTH_STORE } from '../auth.store';

// Set by jest.config.js: false only on a machine without PostgreSQL.
declare const SIMSVC_PG_AVAILABLE: boolean;

const backends = SIMSVC_PG_AVAILABLE ? (['sqlite', 'postgresql'] as const) : (['sqlite'] as const);

/** A store migrated up to (not including) CredentialEpoch, holding `usernames` and a session of each. */
async function releasedStore(backend: 'sqlite' | 'postgresql', usernames: string[]) {
  const scratch = await createScratchDatabase(backend);
  const migrations = AUTH_STORE.migrations[backend].slice(0, 3);
  const before = new DataSource(
    dataSourceOptions(scratch.config, { ...AUTH_STORE, migrations: { ...AUTH_STORE.migrations, [backend]: migrations } }),
  );
  await before.initialize();
  await before.runMigrations();
  const p = backend === 'postgresql' ? ['$1', '$2'] : ['?', '?'];
  for (const name of usernames) {
    await before.query(
      `INSERT INTO auth_users (username, role, password_hash, created_at, updated_at) VALUES (${p[0]}, 'user', 'h', 1, 2)`,
      [name],
    );
    await before.query(
      `INSERT INTO auth_sessions (id, username, role, privileges, lifetime_seconds, created_at, expires_at) VALUES (${p[0]}, ${p[1]}, 'user', '', 1, 1, 2)`,
      [`session-${name}`, name],
    );
  }
  await before.destroy();
  return { scratch, after: new DataSource(dataSourceOptions(scratch.config, AUTH_STORE)) };
}

describe.each(backends)('CredentialEpoch on %s', (backend) => {
  it('gives existing users their normal forms and epoch 0, and links their sessions by id', async () => {
    const { scratch, after } = await releasedStore(backend, ['Alice', 'bob']);
    try {
      await after.initialize();
      await after.runMigrations();
      const users = (await after.query(
        'SELECT id, username_key, username_skeleton, credential_epoch FROM auth_users ORDER BY id',
      )) as unknown[];
      expect(users).toEqual([
        { id: 1, username_key: 'alice', username_skeleton: 'alice', credential_epoch: 0 },
        { id: 2, username_key: 'bob', username_skeleton: 'bob', credential_epoch: 0 },
      ]);
      expect(await after.query('SELECT id, user_id, credential_epoch FROM auth_sessions ORDER BY id')).toEqual([
        { id: 'session-Alice', user_id: 1, credential_epoch: 0 },
        { id: 'session-bob', user_id: 2, credential_epoch: 0 },
      ]);
    } finally {
      if (after.isInitialized) await after.destroy();
      await scratch.drop();
    }
  });

  it('stops, naming them, when two existing users differ only by diacritics', async () => {
    const { scratch, after } = await releasedStore(backend, ['mimi', 'm\u00ecmi']);
    try {
      await after.initialize();
      await expect(after.runMigrations()).rejects.toThrow(
        'usernames must differ by more than case, width and diacritics; rename or delete all but one of each: mimi, m\u00ecmi',
      );
    } finally {
      if (after.isInitialized) await after.destroy();
      await scratch.drop();
    }
  });
});
