import { parseFilters } from './result-filters';
import { buildFilterSizes, buildSearch, HIT_COLUMNS, SearchCriteria, SearchPlan, Statement } from './search-query';

const criteria = (input: unknown, output?: unknown, extra: Partial<SearchCriteria> = {}): SearchCriteria => ({
  simulationName: 'heat-1d',
  filters: [...parseFilters(input, 'input').filters, ...parseFilters(output, 'output').filters],
  limit: 50,
  offset: 0,
  ...extra,
});

const statementsOf = (plan: SearchPlan): Statement[] => (plan.kind === 'separate' ? [plan.count, plan.page] : [plan.statement]);
const sqlOf = (input: unknown, output?: unknown, extra?: Partial<SearchCriteria>): string =>
  statementsOf(buildSearch(criteria(input, output, extra), 'sqlite'))
    .map((statement) => statement.sql)
    .join('\n');

function separate(plan: SearchPlan): { count: Statement; page: Statement } {
  if (plan.kind !== 'separate') throw new Error(`expected separate statements, got ${plan.kind}`);
  return plan;
}

function combined(plan: SearchPlan): Statement {
  if (plan.kind !== 'combined') throw new Error(`expected one statement, got ${plan.kind}`);
  return plan.statement;
}

/** PostgreSQL refuses a parameter the text does not use, and SQLite one it does not get. */
function expectEveryParameterUsed(statement: Statement): void {
  const used = new Set([...statement.sql.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])));
  expect([...used].sort((a, b) => a - b)).toEqual(statement.params.map((_, index) => index + 1));
}

describe('buildSearch', () => {
  it('without filters counts and pages the simulation on its (simulation_name, id) index', () => {
    const { count, page } = separate(buildSearch(criteria(undefined), 'sqlite'));
    expect(count).toEqual({ sql: 'SELECT COUNT(*) AS total FROM results r WHERE r.simulation_name = $1', params: ['heat-1d'] });
    expect(page.sql).toMatch(/FROM results r WHERE r\.simulation_name = \$1 ORDER BY r\.id DESC LIMIT \$2 OFFSET \$3$/);
    expect(page.params).toEqual(['heat-1d', 50, 0]);
  });

  it('adds version and status to the run conditions', () => {
    const { count, page } = separate(
      buildSearch(criteria(undefined, undefined, { simulationVersion: '2.0', status: 'completed', limit: 10, offset: 20 }), 'sqlite'),
    );
    expect(count.sql).toBe(
      'SELECT COUNT(*) AS total FROM results r WHERE r.simulation_name = $1 AND r.simulation_version = $2 AND r.status = $3',
    );
    expect(page.params).toEqual(['heat-1d', '2.0', 'completed', 10, 20]);
  });

  it('reads the page of a single filter straight off its index, newest (highest id) first', () => {
    const { count, page } = separate(buildSearch(criteria({ mode: 'fast' }), 'sqlite'));
    const branch =
      "SELECT result_id FROM result_params WHERE simulation_name = $1 AND param_class = 'input' AND name = $2 AND text_value IS NOT NULL AND text_value = $3";
    expect(count).toEqual({ sql: `SELECT COUNT(*) AS total FROM (${branch}) matched`, params: ['heat-1d', 'mode', 'fast'] });
    expect(page.sql).toContain(
      `FROM (SELECT result_id FROM (${branch}) matched ORDER BY result_id DESC LIMIT $4 OFFSET $5) page JOIN results r ON r.id = page.result_id ORDER BY r.id DESC`,
    );
  });

  it('intersects several filters once, the first innermost, for both the total and the page', () => {
    const statement = combined(
      buildSearch(criteria({ length: { $gte: 1, $lt: 5 } }, { peak: { $lte: 400 } }, { limit: 20, offset: 40 }), 'sqlite'),
    );
    const first =
      "SELECT result_id FROM result_params WHERE simulation_name = $1 AND param_class = 'input' AND name = $2 AND num_value IS NOT NULL AND num_value >= $3 AND num_value < $4";
    const second =
      "SELECT result_id FROM result_params WHERE simulation_name = $1 AND param_class = 'output' AND name = $5 AND num_value IS NOT NULL AND num_value <= $6";
    expect(statement.sql).toBe(
      `WITH matched AS MATERIALIZED (SELECT result_id FROM (${second}) f WHERE result_id IN (${first})), ` +
        'page AS (SELECT result_id FROM matched ORDER BY result_id DESC LIMIT $7 OFFSET $8) ' +
        `SELECT totals.total, ${HIT_COLUMNS} ` +
        'FROM (SELECT COUNT(*) AS total FROM matched) totals LEFT JOIN page ON 1 = 1 LEFT JOIN results r ON r.id = page.result_id ORDER BY page.result_id DESC',
    );
    expect(statement.params).toEqual(['heat-1d', 'length', 1, 5, 'peak', 400, 20, 40]);
  });

  it('nests three filters from the first (innermost) to the last', () => {
    const statement = combined(buildSearch(criteria({ a: 1, b: 2, c: 3 }), 'sqlite'));
    expect(statement.sql).toMatch(
      /^WITH matched AS MATERIALIZED \(SELECT result_id FROM \(.* name = \$6 .*\) f WHERE result_id IN \(SELECT result_id FROM \(.* name = \$4 .*\) f WHERE result_id IN \(.* name = \$2 .*\)\)\), page/,
    );
  });

  it('intersects more than 8 filters with INTERSECT instead of nesting deeper', () => {
    const many = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`p${i}`, i]));
    const statement = combined(buildSearch(criteria(many), 'sqlite'));
    expect(statement.sql.match(/ INTERSECT /g)).toHaveLength(8);
    expect(statement.sql).not.toContain('WHERE result_id IN');
    expect(combined(buildSearch(criteria(Object.fromEntries(Object.entries(many).slice(0, 8))), 'sqlite')).sql).not.toContain('INTERSECT');
  });

  it('counts what each filter selects, in filter order, to order them', () => {
    const sizes = buildFilterSizes(criteria({ mode: 'fast' }, { peak: { $gt: 1 } }));
    expect(sizes).toEqual({
      sql:
        "SELECT (SELECT COUNT(*) FROM (SELECT result_id FROM result_params WHERE simulation_name = $1 AND param_class = 'input' AND name = $2 AND text_value IS NOT NULL AND text_value = $3 LIMIT 4096) f) AS size0, " +
        "(SELECT COUNT(*) FROM (SELECT result_id FROM result_params WHERE simulation_name = $1 AND param_class = 'output' AND name = $4 AND num_value IS NOT NULL AND num_value > $5 LIMIT 4096) f) AS size1",
      params: ['heat-1d', 'mode', 'fast', 'peak', 1],
    });
  });

  it('restricts the matches by run when version or status is given', () => {
    const statement = combined(buildSearch(criteria({ mode: 'fast' }, undefined, { status: 'completed' }), 'sqlite'));
    expect(statement.sql).toMatch(
      /^WITH matched AS MATERIALIZED \(SELECT r\.id AS result_id FROM results r WHERE r\.simulation_name = \$1 AND r\.status = \$2 AND r\.id IN \(SELECT result_id FROM result_params WHERE .* AND text_value = \$4\)\)/,
    );
  });

  it('looks for a string in the text partition and a boolean or null in the other one', () => {
    expect(sqlOf({ mode: 'fast' })).toContain('AND text_value IS NOT NULL AND text_value = $3');
    expect(sqlOf({ on: false })).toContain("AND num_value IS NULL AND text_value IS NULL AND value_type = 'boolean' AND bool_value = $3");
    expect(sqlOf({ none: null })).toContain('AND num_value IS NULL AND text_value IS NULL AND value_type = $3');
    expect(sqlOf({ grid: [1, 2] })).toContain('AND num_value IS NULL AND text_value IS NULL AND json_value = $3');
  });

  it('makes $ne "has the parameter and it differs": every partition, the value excluded from its own', () => {
    expect(sqlOf({ length: { $ne: 3 } })).toContain(
      'SELECT result_id FROM (' +
        "SELECT result_id FROM result_params WHERE simulation_name = $1 AND param_class = 'input' AND name = $2 AND num_value IS NOT NULL AND num_value <> $3" +
        " UNION ALL SELECT result_id FROM result_params WHERE simulation_name = $1 AND param_class = 'input' AND name = $2 AND text_value IS NOT NULL" +
        " UNION ALL SELECT result_id FROM result_params WHERE simulation_name = $1 AND param_class = 'input' AND name = $2 AND num_value IS NULL AND text_value IS NULL" +
        ') alternatives',
    );
    expect(sqlOf({ on: { $ne: true } })).toContain(
      'AND num_value IS NULL AND text_value IS NULL AND (bool_value IS NULL OR bool_value <> $3)',
    );
  });

  it('spreads $in over the partitions of its values', () => {
    const { count } = separate(buildSearch(criteria({ x: { $in: [1, 2, 'a', true, null, [1]] } }), 'sqlite'));
    expect(count.sql).toContain('num_value IS NOT NULL AND num_value IN ($3, $4)');
    expect(count.sql).toContain('text_value IS NOT NULL AND text_value IN ($5)');
    expect(count.sql).toContain(
      'num_value IS NULL AND text_value IS NULL AND (bool_value IN ($6) OR value_type IN ($7) OR json_value IN ($8))',
    );
    expect(count.params).toEqual(['heat-1d', 'x', 1, 2, 'a', 1, 'null', '[1]']);
  });

  it('drops partitions where the conditions cannot all hold, down to none', () => {
    expect(sqlOf({ x: { $gt: 1, $in: [5, 'a'] } })).not.toContain('text_value IS NOT NULL');
    expect(separate(buildSearch(criteria({ x: { $in: [] } }), 'sqlite')).count.sql).toBe(
      'SELECT COUNT(*) AS total FROM (SELECT result_id FROM result_params WHERE simulation_name = $1 AND 1 = 0) matched',
    );
    expect(separate(buildSearch(criteria({ x: { $gt: 1, $eq: 'a' } }), 'sqlite')).count.params).toEqual(['heat-1d']);
  });

  it.each([
    [{ a: 1 }, undefined],
    [{ a: { $ne: 'x' }, b: { $in: [1, 'y', false, null, {}] } }, { c: { $gt: 1, $in: ['z'] } }],
    [{ a: { $gt: 1, $eq: 'a', $ne: null } }, { b: { $in: [] }, c: [1, 2] }],
    [{ a: { $gt: 1, $eq: 'a' } }, undefined],
  ])('binds exactly the parameters it uses: %j %j', (input, output) => {
    for (const simulationName of ['heat-1d', undefined]) {
      for (const extra of [{}, { status: 'x' }, { simulationVersion: 'v', status: 's' }]) {
        for (const statement of statementsOf(buildSearch(criteria(input, output, { simulationName, ...extra }), 'sqlite'))) {
          expectEveryParameterUsed(statement);
        }
      }
      expectEveryParameterUsed(buildFilterSizes(criteria(input, output, { simulationName })));
    }
  });

  describe('across simulations (no simulationName)', () => {
    const everySimulation = { simulationName: undefined };

    it('without filters counts and pages every result by id', () => {
      const { count, page } = separate(buildSearch(criteria(undefined, undefined, everySimulation), 'sqlite'));
      expect(count).toEqual({ sql: 'SELECT COUNT(*) AS total FROM results r', params: [] });
      expect(page.sql).toMatch(/FROM results r ORDER BY r\.id DESC LIMIT \$1 OFFSET \$2$/);
      const { count: failed } = separate(buildSearch(criteria(undefined, undefined, { ...everySimulation, status: 'failed' }), 'sqlite'));
      expect(failed).toEqual({ sql: 'SELECT COUNT(*) AS total FROM results r WHERE r.status = $1', params: ['failed'] });
    });

    it("seeks each simulation's range of the value indexes", () => {
      const { count } = separate(buildSearch(criteria({ mode: 'fast' }, undefined, everySimulation), 'sqlite'));
      expect(count).toEqual({
        sql:
          'SELECT COUNT(*) AS total FROM (SELECT result_id FROM result_params WHERE simulation_name IN (SELECT simulation_name FROM result_simulations) ' +
          "AND param_class = 'input' AND name = $1 AND text_value IS NOT NULL AND text_value = $2) matched",
        params: ['mode', 'fast'],
      });
      expect(buildFilterSizes(criteria({ a: 1 }, { b: 2 }, everySimulation)).sql).not.toContain('simulation_name =');
    });

    it('restricts by run without naming a simulation', () => {
      const statement = combined(
        buildSearch(criteria({ mode: 'fast' }, undefined, { ...everySimulation, simulationVersion: '2.0' }), 'sqlite'),
      );
      expect(statement.sql).toMatch(
        /^WITH matched AS MATERIALIZED \(SELECT r\.id AS result_id FROM results r WHERE r\.simulation_version = \$1 AND r\.id IN/,
      );
      expect(statement.params).toEqual(['2.0', 'mode', 'fast', 50, 0]);
    });
  });

  it('never puts a value into the SQL text', () => {
    const sql = sqlOf({ "x'; DROP TABLE results; --": "y'--", z: { $in: ["'", 1] } });
    expect(sql).not.toContain('DROP');
    expect(sql).not.toMatch(/'\S*--/);
  });
});
