import { Injectable } from '@nestjs/common';
import {
  HistogramAggregate,
  HistogramRequest,
  MAX_LISTED_VALUES,
  ParameterAggregate,
  ParameterRef,
  TextValuesAggregate,
} from '@simsvc/contracts';
import { InjectStoreDatabase, RESULTS_STORE, SnapshotReader, StoreDatabase } from '@simsvc/persistence';
import { buildAggregate, buildTextValues, PERCENTILES } from './aggregate-query';
import { RunSelection } from './search-request';

type Numeric = number | string | null;

/** One row of the aggregate statement (aggregate-query.ts); drivers give bigints as strings. */
interface AggregateRow {
  total: Numeric;
  part: Numeric;
  n: Numeric;
  lo: Numeric;
  hi: Numeric;
  sc: Numeric;
  mu: Numeric;
  variance: Numeric;
  excluded: Numeric;
  i: Numeric;
  x: Numeric;
}

export interface Aggregates {
  total: number;
  params: ParameterAggregate[];
  histogram?: HistogramAggregate;
  values?: TextValuesAggregate;
}

/** POST /aggregate: one statement, read in one snapshot off the request path. */
@Injectable()
export class ResultAggregateRepository {
  constructor(
    @InjectStoreDatabase(RESULTS_STORE) private readonly db: StoreDatabase,
    private readonly reader: SnapshotReader,
  ) {}

  async aggregate(
    selection: RunSelection,
    params: ParameterRef[],
    histogram: HistogramRequest | undefined,
    values?: ParameterRef,
  ): Promise<Aggregates> {
    const statements = [buildAggregate(selection, params, histogram, this.db.backend)];
    if (values !== undefined) statements.push(buildTextValues(selection, values, this.db.backend));
    const [rows, valueRows] = (await this.reader.read(statements)) as [AggregateRow[], { v: string; n: Numeric }[] | undefined];
    const parts = new Map<number, AggregateRow[]>();
    for (const row of rows) {
      if (row.part === null || row.part === undefined) continue;
      const part = Number(row.part);
      parts.set(part, [...(parts.get(part) ?? []), row]);
    }
    const figures = { total: Number(rows[0].total), params: params.map((param, k) => figuresOf(param, parts.get(k) ?? [])) };
    const answer: Aggregates = histogram === undefined ? figures : { ...figures, histogram: histogramOf(histogram, parts.get(-1) ?? []) };
    if (values === undefined || valueRows === undefined) return answer;
    return {
      ...answer,
      values: {
        class: values.class,
        name: values.name,
        values: valueRows.slice(0, MAX_LISTED_VALUES).map((row) => ({ value: row.v, count: number(row.n) })),
        more: valueRows.length > MAX_LISTED_VALUES,
      },
    };
  }
}

const number = (value: Numeric): number => Number(value);

function figuresOf(param: ParameterRef, rows: AggregateRow[]): ParameterAggregate {
  const count = rows.length === 0 ? 0 : number(rows[0].n);
  const none = {
    class: param.class,
    name: param.name,
    count: 0,
    min: null,
    max: null,
    avg: null,
    stddev: null,
    p05: null,
    p50: null,
    p95: null,
  };
  if (count === 0) return none;
  const [first] = rows;
  const scale = number(first.sc);
  const sorted = new Map(rows.filter((row) => row.i !== null).map((row) => [number(row.i), number(row.x)]));
  const [p05, p50, p95] = PERCENTILES.map((hundredths) => {
    // h = (n − 1)·p exactly, in integers: its whole part and its fraction.
    const low = Math.floor(((count - 1) * hundredths) / 100);
    const fraction = (((count - 1) * hundredths) % 100) / 100;
    // Both ranks are among the rows read (aggregate-query.ts asks for ⌊h⌋ and ⌊h⌋ + 1).
    const at = (rank: number) => sorted.get(rank) ?? Number.NaN;
    const below = at(low);
    // Weighted rather than below + f·(above − below), which overflows near the double's limits.
    return fraction === 0 ? below : below * (1 - fraction) + at(low + 1) * fraction;
  });
  return {
    ...none,
    count,
    min: number(first.lo),
    max: number(first.hi),
    avg: number(first.mu) * scale,
    stddev: Math.sqrt(number(first.variance)) * scale,
    p05,
    p50,
    p95,
  };
}

function histogramOf(request: HistogramRequest, rows: AggregateRow[]): HistogramAggregate {
  const scale = request.scale ?? 'linear';
  const [first] = rows;
  const count = number(first.n);
  const excluded = number(first.excluded);
  const base = { class: request.class, name: request.name, scale, count, excluded };
  if (count === 0) return { ...base, edges: [], counts: [] };
  const [lo, hi] = [number(first.lo), number(first.hi)];
  const counts = new Array<number>(request.bins).fill(0);
  for (const row of rows) if (row.i !== null) counts[number(row.i)] = number(row.x);
  const edges = Array.from({ length: request.bins + 1 }, (_, i) => {
    if (i === 0) return lo;
    if (i === request.bins) return hi;
    const t = i / request.bins;
    // Weighted, so that no intermediate overflows; on the log scale, equal steps of ln x.
    return scale === 'log' ? Math.exp(Math.log(lo) * (1 - t) + Math.log(hi) * t) : lo * (1 - t) + hi * t;
  });
  return { ...base, edges, counts };
}
