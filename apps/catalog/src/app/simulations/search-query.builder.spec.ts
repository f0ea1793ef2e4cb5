import { searchPage, SearchCriteria, versionsPage } from './search-query.builder';

const criteria = (overrides: Partial<SearchCriteria> = {}): SearchCriteria => ({
  tokens: [],
  tags: [],
  allTags: [],
  limit: 50,
  offset: 0,
  ...overrides,
});

/** The highest `$n` a statement uses. */
const highestPlaceholder = (sql: string) => Math.max(0, ...[...sql.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])));

describe('search query builder', () => {
  describe.each(['sqlite', 'postgresql'] as const)('%s', (backend) => {
    it.each([
      ['browse', criteria()],
      ['browse by tag and status', criteria({ tags: ['heat', 'pde'], status: 'active' })],
      ['browse by every tag', criteria({ allTags: ['heat', 'pde'] })],
      ['one token', criteria({ tokens: ['heat'] })],
      ['tokens long and short', criteria({ tokens: ['heat', 'ab', 'rod'] })],
      ['tokens, tags, every tag and status', criteria({ tokens: ['heat', 'ab'], tags: ['pde'], allTags: ['rod'], status: 'deprecated' })],
    ])('%s: every placeholder has its parameter, and limit and offset come last', (_name, given) => {
      const page = searchPage({ ...given, limit: 7, offset: 11 }, backend);
      expect(highestPlaceholder(page.statement.sql as string)).toBe(page.params.length);
      expect(page.params.slice(-2)).toEqual([7, 11]);
    });

    it('reads the total with the page as one row, an empty page as []', () => {
      const page = searchPage(criteria({ tokens: ['heat'] }), backend);
      expect(page.statement.sql).toContain(
        `SELECT (SELECT COUNT(*) FROM matched) AS total,\n        '[' || COALESCE((SELECT string_agg(s.json, ','`,
      );
      expect(page.statement.sql).toContain(`), '') || ']' AS json`);
    });

    it('browses without touching the search index: the first limit + offset names, then their versions', () => {
      const page = searchPage(criteria({ limit: 20, offset: 40 }), backend);
      expect(page.statement.sql).not.toContain('catalog_search_terms');
      expect(page.statement.sql).toContain('GROUP BY b.name ORDER BY name_newest DESC LIMIT $1');
      expect(page.params).toEqual([60, 20, 40]);
    });

    it('orders by matching tags, matching tokens, the newest registration of the name, then the highest version', () => {
      const order = 'ORDER BY s.tag_score DESC, s.score DESC, s.name_newest DESC, s.version_sort_key DESC, s.id DESC';
      expect(searchPage(criteria({ tokens: ['heat', 'rod'] }), backend).statement.sql).toContain(order);
      expect(searchPage(criteria(), backend).statement.sql).toContain(order);
      expect(searchPage(criteria({ tokens: ['heat'] }), backend).statement.sql).toContain(
        '(SELECT MAX(n.id) FROM catalog_simulations AS n WHERE n.name = c.name)',
      );
    });

    it('sends one statement per shape: searches differing only in values share it, its parameters their own', () => {
      const first = searchPage(criteria({ tokens: ['heat', 'ab'], tags: ['pde'], status: 'active' }), backend);
      const second = searchPage(criteria({ tokens: ['wave', 'xy'], tags: ['ode', 'fast'], status: 'deprecated' }), backend);
      expect(second.statement).toBe(first.statement);
      expect(second.params).toContain('deprecated');
      expect(second.params).not.toContain('active');
      const otherShapes = [
        criteria({ tokens: ['heat', 'wave'], tags: ['pde'], status: 'active' }),
        criteria({ tokens: ['heat', 'ab'], status: 'active' }),
        criteria({ tokens: ['heat', 'ab'], tags: ['pde'] }),
        criteria({ tokens: ['heat', 'ab'], tags: ['pde'], allTags: ['rod'], status: 'active' }),
      ];
      for (const other of otherShapes) expect(searchPage(other, backend).statement.sql).not.toBe(first.statement.sql);
    });

    it('keeps a statement only for its shape: built in any order, every search gets the text built for it', () => {
      const searches = [
        criteria(),
        criteria({ status: 'active' }),
        criteria({ tags: ['pde'] }),
        criteria({ allTags: ['pde'] }),
        criteria({ tags: ['pde'], allTags: ['rod'] }),
        criteria({ tokens: ['heat'] }),
        criteria({ tokens: ['ab'] }),
        criteria({ tokens: ['heat', 'ab'] }),
        criteria({ tokens: ['ab', 'heat'] }),
        criteria({ tokens: ['heat', 'rod', 'ab'], tags: ['pde'], allTags: ['rod'], status: 'deprecated' }),
      ];
      const texts = (order: SearchCriteria[]) => {
        let built = new Map<SearchCriteria, unknown>();
        jest.isolateModules(() => {
          const fresh = jest.requireActual<typeof import('./search-query.builder')>('./search-query.builder');
          built = new Map(order.map((search) => [search, fresh.searchPage(search, backend).statement.sql]));
        });
        return built;
      };
      const forwards = texts(searches);
      const backwards = texts([...searches].reverse());
      for (const search of searches) expect(backwards.get(search)).toBe(forwards.get(search));
    });

    it('filters by status with the status as a parameter', () => {
      const page = searchPage(criteria({ tokens: ['heat'], status: 'deprecated' }), backend);
      expect(page.statement.sql).toContain('c.status = $');
      expect(page.params).toContain('deprecated');
    });

    it('without tokens, takes the candidates from the tag index: any of tags counted, every one of all_tags checked', () => {
      const page = searchPage(criteria({ tags: ['a', 'b'], allTags: ['c', 'd', 'e'] }), backend);
      expect(page.statement.sql).toContain('COUNT(*) AS tag_score FROM catalog_simulation_tags AS g');
      const list = (n: number) => (backend === 'postgresql' ? `= ANY ($${n}::text[])` : `IN (SELECT value FROM json_each($${n}))`);
      expect(page.statement.sql).toContain(`WHERE g.simulation_id = m.id AND g.tag ${list(2)}) = $3`);
      const lists =
        backend === 'postgresql'
          ? [
              ['a', 'b'],
              ['c', 'd', 'e'],
            ]
          : [JSON.stringify(['a', 'b']), JSON.stringify(['c', 'd', 'e'])];
      expect(page.params.slice(0, 3)).toEqual([...lists, 3]);
      expect(searchPage(criteria({ allTags: ['c', 'd'] }), backend).statement.sql).toContain(
        'GROUP BY g.simulation_id HAVING COUNT(*) = $2',
      );
    });

    it('with tokens, counts the tags per matching simulation', () => {
      const page = searchPage(criteria({ tokens: ['heat'], tags: ['a'] }), backend);
      const list = backend === 'postgresql' ? '= ANY ($2::text[])' : 'IN (SELECT value FROM json_each($2))';
      expect(page.statement.sql).toContain(
        `(SELECT COUNT(*) FROM catalog_simulation_tags AS g WHERE g.simulation_id = m.id AND g.tag ${list}) > 0`,
      );
    });
  });

  it('SQLite: long tokens as GLOB patterns, short ones as they are, tags as JSON', () => {
    const page = searchPage(criteria({ tokens: ['heat', 'ab', 'r*d'], tags: ['pde'] }), 'sqlite');
    expect(page.params.slice(0, 3)).toEqual([JSON.stringify(['*heat*', '*r[*]d*']), JSON.stringify(['ab']), JSON.stringify(['pde'])]);
    expect(page.statement.sql).toContain('catalog_search_terms_fts');
    expect(page.statement.sql).toContain('instr(v.term, t.value)');
  });

  it('PostgreSQL: one parameter per token, trigram tokens first as LIKE patterns, tags as an array', () => {
    const page = searchPage(criteria({ tokens: ['ab', 'he%t'], tags: ['pde', 'heat'] }), 'postgresql');
    expect(page.params.slice(0, 3)).toEqual(['%he\\%t%', 'ab', ['pde', 'heat']]);
    expect(page.statement.sql).toContain('term LIKE $1');
    expect(page.statement.sql).toContain('strpos(term, $2) > 0');
    expect(page.statement.sql).toContain('g.tag = ANY ($3::text[])');
  });

  it('pages the versions of a name, highest first, counting them all', () => {
    const page = versionsPage('heat', 10, 20, 'sqlite');
    expect(page.params).toEqual(['heat', 10, 20]);
    expect(page.statement.sql).toContain('ORDER BY version_sort_key DESC, id DESC LIMIT $2 OFFSET $3');
    expect(page.statement.sql).toContain('(SELECT COUNT(*) FROM catalog_simulations WHERE name = $1) AS total');
  });
});
