// SQL of POST /aggregate (contract §8): figures of up to 16 parameters and one histogram over the
// runs a search body keeps, in ONE statement, so that the matching runs are selected once
// (search-query.ts matchedIds: the filters' index range scans) and every figure comes from the
// same snapshot. The parameters' numeric values are read by index seeks of the matching runs
// (valuesOfAll), so the cost follows the runs the filters keep, not the simulation's size.
//
// Definitions (README "Aggregates"):
// - count, min, max, avg over the numbers (JSON numbers; booleans and numeric strings are not);
// - stddev is the population standard deviation, sqrt(Σ(x − avg)² / count);
// - pNN by linear interpolation between closest ranks (Hyndman–Fan type 7, numpy's default): with
//   the values sorted x[0..n−1] and h = (n − 1)·NN/100, x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋+1] − x[⌊h⌋]);
// - moments are taken of x / max|x| and scaled back, so values near the double's limits neither
//   overflow (PostgreSQL raises an error, SQLite gives infinities) nor lose the mean;
// - histogram: bins of equal width between the smallest and largest value (on the log scale, of
//   equal width in ln x over the positive values; values ≤ 0 are left out and counted as
//   `excluded`); value x falls in bin ⌊(f(x) − f(lo)) / (f(hi) − f(lo)) · bins⌋, the largest in
//   the last bin; all values equal: all in the first.
import { HistogramRequest, MAX_LISTED_VALUES, ParameterRef } from '@simsvc/contracts';
import type { Backend } from '@simsvc/persistence';
import { matchedIds, Parameters, Statement } from './search-query';
import { RunSelection } from './search-request';

/** The percentiles reported, in hundredths. */
export const PERCENTILES = [5, 50, 95] as const;

/**
 * Rows `total, part, n, lo, hi, sc, mu, variance, excluded, i, x`: `part` is the parameter's
 * index (its rows carry count, min, max, scale, scaled mean and variance, and the sorted values
 * x at the ranks i the percentiles need) or -1 for the histogram (count, range, excluded, and per
 * non-empty bin i its count x). `total` is the number of matching runs, on every row.
 */
export function buildAggregate(
  selection: RunSelection,
  params: ParameterRef[],
  histogram: HistogramRequest | undefined,
  backend: Backend,
): Statement {
  const bound = new Parameters();
  const ctes = [`matched AS MATERIALIZED (${matchedIds(selection, bound, backend)})`];
  const refs = [...params, ...(histogram === undefined ? [] : [histogram])];
  const names = new Map<string, string>();
  if (refs.length > 0) ctes.push(`vals AS MATERIALIZED (${valuesOfAll(refs, names, bound, backend)})`);
  const valuesOf = (ref: ParameterRef) => `SELECT x FROM vals WHERE c = ${CLASS_LITERAL[ref.class]} AND n = ${names.get(ref.name)}`;
  const parts: string[] = [];
  params.forEach((param, k) => {
    ctes.push(...figureCtes(`p${k}`, valuesOf(param)));
    parts.push(figureRows(`p${k}`, k));
  });
  if (histogram !== undefined) {
    ctes.push(...histogramCtes(histogram, valuesOf(histogram)));
    parts.push(HISTOGRAM_ROWS);
  }
  const union = parts.length === 0 ? '' : ` LEFT JOIN (${parts.join(' UNION ALL ')}) u ON 1 = 1`;
  const columns = parts.length === 0 ? '' : ', u.*';
  return {
    sql: `WITH ${ctes.join(', ')} SELECT t.total${columns} FROM (SELECT COUNT(*) AS total FROM matched) t${union}`,
    params: bound.values,
  };
}

const CLASS_LITERAL = { input: "'input'", output: "'output'" } as const;

/**
 * The numbers of every requested parameter among the matching runs, in one pass: per run one
 * seek per class of the index result_params_run_numbers (result_id, param_class, name, num_value),
 * which holds them without the table (measured on 100,000 runs, 1,000 matching, 4 parameters:
 * 4 ms, against 10 ms by the primary key and its table rows and 28 ms for a lookup per parameter).
 * CROSS JOIN keeps SQLite to this order rather than scanning each parameter's values.
 * `names` receives the placeholder bound to each name.
 */
function valuesOfAll(refs: ParameterRef[], names: Map<string, string>, bound: Parameters, backend: Backend): string {
  for (const ref of refs) if (!names.has(ref.name)) names.set(ref.name, bound.add(ref.name));
  const byClass = (['input', 'output'] as const)
    .map((paramClass) => {
      const placeholders = [...new Set(refs.filter((ref) => ref.class === paramClass).map((ref) => names.get(ref.name)))];
      return placeholders.length === 0
        ? undefined
        : `(p.param_class = ${CLASS_LITERAL[paramClass]} AND p.name IN (${placeholders.join(', ')}))`;
    })
    .filter((condition) => condition !== undefined);
  const row = `p.result_id = m.result_id AND p.num_value IS NOT NULL AND (${byClass.join(' OR ')})`;
  // PostgreSQL: LATERAL (OFFSET 0 keeps the planner from flattening it) keeps it to primary-key
  // lookups; a plain join may be hashed over a sequential scan of every parameter row of the store.
  if (backend === 'postgresql')
    return `SELECT p.c, p.n, p.x FROM matched m CROSS JOIN LATERAL (SELECT p.param_class AS c, p.name AS n, p.num_value AS x FROM result_params p WHERE ${row} OFFSET 0) p`;
  return `SELECT p.param_class AS c, p.name AS n, p.num_value AS x FROM matched m CROSS JOIN result_params p WHERE ${row}`;
}

function figureCtes(p: string, values: string): string[] {
  const ranks = PERCENTILES.flatMap((pct) => [`(${p}c.n - 1) * ${pct} / 100`, `(${p}c.n - 1) * ${pct} / 100 + 1`]);
  return [
    `${p}v AS MATERIALIZED (${values})`,
    `${p}c AS (SELECT COUNT(*) AS n, MIN(x) AS lo, MAX(x) AS hi, COALESCE(NULLIF(MAX(ABS(x)), 0), 1) AS sc FROM ${p}v)`,
    `${p}m AS (SELECT AVG(${p}v.x / ${p}c.sc) AS mu FROM ${p}v CROSS JOIN ${p}c)`,
    `${p}d AS (SELECT AVG((${p}v.x / ${p}c.sc - ${p}m.mu) * (${p}v.x / ${p}c.sc - ${p}m.mu)) AS variance FROM ${p}v CROSS JOIN ${p}c CROSS JOIN ${p}m)`,
    `${p}q AS (SELECT x, ROW_NUMBER() OVER (ORDER BY x) - 1 AS i FROM ${p}v)`,
    `${p}r AS (SELECT ${p}q.i, ${p}q.x FROM ${p}q CROSS JOIN ${p}c WHERE ${p}q.i IN (${ranks.join(', ')}))`,
  ];
}

function figureRows(p: string, k: number): string {
  return (
    `SELECT ${k} AS part, ${p}c.n, ${p}c.lo, ${p}c.hi, ${p}c.sc, ${p}m.mu, ${p}d.variance, 0 AS excluded, ${p}r.i, ${p}r.x ` +
    `FROM ${p}c CROSS JOIN ${p}m CROSS JOIN ${p}d LEFT JOIN ${p}r ON 1 = 1`
  );
}

function histogramCtes(histogram: HistogramRequest, values: string): string[] {
  const log = histogram.scale === 'log';
  const f = (x: string) => (log ? `ln(${x})` : `(${x}) / 2`);
  // A literal, not a parameter: PostgreSQL would deduce two types for it. Checked by the DTO (1..200).
  const bins = String(Math.trunc(histogram.bins));
  // Halved on the linear scale: hi − lo of finite doubles may overflow, hi/2 − lo/2 cannot.
  const position = `floor((${f('hv.x')} - ${f('hc.lo')}) / (${f('hc.hi')} - ${f('hc.lo')}) * ${bins})`;
  const bin = `CASE WHEN hc.hi = hc.lo THEN 0 WHEN ${position} >= ${bins} THEN ${bins} - 1 ELSE ${position} END`;
  return [
    `hall AS MATERIALIZED (${values})`,
    `hv AS (SELECT x FROM hall${log ? ' WHERE x > 0' : ''})`,
    `hc AS (SELECT COUNT(*) AS n, MIN(x) AS lo, MAX(x) AS hi, (SELECT COUNT(*) FROM hall) - COUNT(*) AS excluded FROM hv)`,
    `hb AS (SELECT b.i, COUNT(*) AS x FROM (SELECT ${bin} AS i FROM hv CROSS JOIN hc) b GROUP BY b.i)`,
  ];
}

const HISTOGRAM_ROWS =
  'SELECT -1 AS part, hc.n, hc.lo, hc.hi, NULL AS sc, NULL AS mu, NULL AS variance, hc.excluded, hb.i, hb.x FROM hc LEFT JOIN hb ON 1 = 1';

/**
 * Rows `v, n`: the parameter's string values among the matching runs and how many runs have
 * each, most frequent first (ties by code point), one more than listed to tell that more exist.
 * Strings over 512 UTF-8 bytes (kept as JSON text, parameter-values.ts) are not listed.
 */
export function buildTextValues(selection: RunSelection, param: ParameterRef, backend: Backend): Statement {
  const bound = new Parameters();
  const collate = backend === 'postgresql' ? ' COLLATE "C"' : '';
  const runsOnly = selection.filters.length === 0 && selection.simulationVersion === undefined && selection.status === undefined;
  if (runsOnly && selection.simulationName !== undefined) {
    // A whole simulation: one range of the text index (result_params_text), no lookup per run.
    const range =
      `simulation_name = ${bound.add(selection.simulationName)} AND param_class = ${CLASS_LITERAL[param.class]} ` +
      `AND name = ${bound.add(param.name)} AND text_value IS NOT NULL`;
    return {
      sql:
        `SELECT text_value AS v, COUNT(*) AS n FROM result_params WHERE ${range} ` +
        `GROUP BY text_value ORDER BY n DESC, text_value${collate} LIMIT ${bound.add(MAX_LISTED_VALUES + 1)}`,
      params: bound.values,
    };
  }
  const matched = matchedIds(selection, bound, backend);
  const row =
    `p.result_id = m.result_id AND p.param_class = ${CLASS_LITERAL[param.class]} AND p.name = ${bound.add(param.name)} ` +
    'AND p.text_value IS NOT NULL';
  // As in valuesOfAll: on PostgreSQL, LATERAL keeps each run's row a primary-key lookup.
  const values =
    backend === 'postgresql'
      ? `SELECT p.v FROM matched m CROSS JOIN LATERAL (SELECT p.text_value AS v FROM result_params p WHERE ${row} OFFSET 0) p`
      : `SELECT p.text_value AS v FROM matched m CROSS JOIN result_params p WHERE ${row}`;
  return {
    sql:
      `WITH matched AS MATERIALIZED (${matched}) SELECT t.v, COUNT(*) AS n FROM (${values}) t ` +
      `GROUP BY t.v ORDER BY n DESC, t.v${collate} LIMIT ${bound.add(MAX_LISTED_VALUES + 1)}`,
    params: bound.values,
  };
}
