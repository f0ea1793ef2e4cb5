import Database from 'better-sqlite3';
import { globToPostgresLike, globToRegExp, globToSqliteGlob } from './glob-pattern';

const KEYS = ['sim/a', 'sim/a/b', 'sim/', 'simx', 'SIM/a', 'sim%/x', 'sim_/x', 'sim?/x', 'sim[a]/x', 'sim\\/x', 'sim.x', 'a*b', 'aXb'];

describe('glob patterns', () => {
  it('translates to PostgreSQL LIKE with every LIKE special escaped', () => {
    expect(globToPostgresLike('sim/*')).toBe('sim/%');
    expect(globToPostgresLike('100%_done\\*')).toBe('100\\%\\_done\\\\%');
  });

  it('translates to SQLite GLOB with ? and [ neutralised', () => {
    expect(globToSqliteGlob('sim?[a]/*')).toBe('sim[?][[]a]/*');
  });

  it.each(['sim/*', 'sim*', '*', 'sim%/*', 'sim_/x', 'sim?/x', 'sim[a]/*', 'sim\\/*', 'sim.x', 'a*b', '*/a', 'sim/'])(
    'SQLite GLOB and the JS rule agree on %s',
    (pattern) => {
      const db = new Database(':memory:');
      const statement = db.prepare('SELECT ? GLOB ? AS matched');
      const regexp = globToRegExp(pattern);
      for (const key of KEYS) {
        expect([key, (statement.get(key, globToSqliteGlob(pattern)) as { matched: number }).matched === 1]).toEqual([
          key,
          regexp.test(key),
        ]);
      }
      db.close();
    },
  );

  it('matches * across slashes and the empty run, case-sensitively', () => {
    const regexp = globToRegExp('sim/*');
    expect(KEYS.filter((key) => regexp.test(key))).toEqual(['sim/a', 'sim/a/b', 'sim/']);
  });
});
