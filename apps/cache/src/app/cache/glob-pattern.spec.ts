import Database from 'better-sqlite3';
import { registerSqliteGlob } from '@simsvc/persistence';
import { globToPostgresLike, globToRegExp, literalPrefix, normalizedGlob, prefixRange, wildcardCount } from './glob-pattern';

const KEYS = [
  'sim/a',
  'sim/a/b',
  'sim/',
  'simx',
  'SIM/a',
  'sim%/x',
  'sim_/x',
  'sim?/x',
  'sim[a]/x',
  'sim\\/x',
  'sim.x',
  'a*b',
  'aXb',
  'aab',
  'ab',
];
const PATTERNS = [
  'sim/*',
  'sim*',
  '*',
  '%',
  'sim%/*',
  'sim/%',
  'sim_/x',
  'sim?/x',
  'sim[a]/*',
  'sim\\/*',
  'sim.x',
  'a*b',
  'a%b',
  '*/a',
  'sim/',
  'a*a*b',
  '*a*',
  'ab',
];

describe('glob patterns', () => {
  it('translates to PostgreSQL LIKE: * and % are wildcards, _ and \\ are escaped', () => {
    expect(globToPostgresLike(normalizedGlob('sim/*'))).toBe('sim/%');
    expect(globToPostgresLike(normalizedGlob('100%_done\\*'))).toBe('100%\\_done\\\\%');
  });

  it('counts * and % as wildcards', () => {
    expect(wildcardCount('a*b%c_d?')).toBe(2);
    expect(wildcardCount('*'.repeat(9))).toBe(9);
    expect(wildcardCount('plain_key')).toBe(0);
  });

  it('takes the literal prefix before the first wildcard', () => {
    expect(literalPrefix('heat-1d/%/x*')).toBe('heat-1d/');
    expect(literalPrefix('*x')).toBe('');
    expect(literalPrefix('exact')).toBe('exact');
  });

  it('turns a prefix into the code-point range of the keys that start with it', () => {
    expect(prefixRange('sim/')).toEqual({ from: 'sim/', below: 'sim0' });
    expect(prefixRange('a\u{d7ff}')).toEqual({ from: 'a\u{d7ff}', below: 'a\u{e000}' });
    expect(prefixRange('a\u{10ffff}')).toEqual({ from: 'a\u{10ffff}', below: 'b' });
    expect(prefixRange('\u{10ffff}')).toEqual({ from: '\u{10ffff}' });
    expect(prefixRange('')).toEqual({ from: '' });
  });

  it.each(PATTERNS)('simsvc_glob on SQLite and the JS rule agree on %s', (pattern) => {
    const db = new Database(':memory:');
    registerSqliteGlob(db);
    const statement = db.prepare('SELECT simsvc_glob(?, ?) AS matched');
    const regexp = globToRegExp(pattern);
    for (const key of KEYS) {
      expect([key, (statement.get(normalizedGlob(pattern), key) as { matched: number }).matched === 1]).toEqual([key, regexp.test(key)]);
    }
    db.close();
  });

  it('matches * across slashes and the empty run, case-sensitively', () => {
    const regexp = globToRegExp('sim/*');
    expect(KEYS.filter((key) => regexp.test(key))).toEqual(['sim/a', 'sim/a/b', 'sim/']);
  });
});
