import { entryListStatements } from './entry-list.query';
import { keyPatternSql } from './key-pattern.sql';

describe('key pattern SQL', () => {
  it('SQLite: the literal prefix as a BINARY range, then simsvc_glob with % as *', () => {
    const { condition, params } = keyPatternSql('sqlite', 'heat-1d/%/run_*');
    expect(condition('k')).toBe('(k >= :keyFrom AND k < :keyBelow AND simsvc_glob(:keyGlob, k) = 1)');
    expect(params).toEqual({ keyFrom: 'heat-1d/', keyBelow: 'heat-1d0', keyGlob: 'heat-1d/*/run_*' });
  });

  it('PostgreSQL: the prefix as a byte-wise range, then LIKE behind strpos of the longest literal run', () => {
    const { condition, params } = keyPatternSql('postgresql', 'sim/*aaa*b_c*');
    expect(condition('k')).toBe(
      "(k ~>=~ :keyFrom AND k ~<~ :keyBelow AND CASE WHEN strpos(k, :keyRun) > 0 THEN k LIKE :keyLike ESCAPE '\\' ELSE false END)",
    );
    expect(params).toEqual({ keyFrom: 'sim/', keyBelow: 'sim0', keyRun: 'aaa', keyLike: 'sim/%aaa%b\\_c%' });
  });

  it('no prefix: no range; no literal run between wildcards: LIKE alone', () => {
    const { condition, params } = keyPatternSql('postgresql', '*x');
    expect(condition('k')).toBe("(k LIKE :keyLike ESCAPE '\\')");
    expect(params).toEqual({ keyLike: '%x' });
  });

  it('lists with numbered parameters, each name once', () => {
    const { page, total } = entryListStatements('sqlite', 1000, { simulationId: 0, pattern: 'a/*' }, 50, 10);
    expect(total.sql).toBe(
      'SELECT COUNT(*) AS total FROM cache_entries WHERE expires_at > $1 AND (simulation_id = $2 OR simulation_id IS NULL) AND (cache_key >= $3 AND cache_key < $4 AND simsvc_glob($5, cache_key) = 1)',
    );
    expect(total.params).toEqual([1000, 0, 'a/', 'a0', 'a/*']);
    expect(page.sql).toMatch(/ORDER BY created_at DESC, cache_key ASC LIMIT \$6 OFFSET \$7$/);
    expect(page.params).toEqual([1000, 0, 'a/', 'a0', 'a/*', 50, 10]);
  });
});
