// The order of a POST /search with order_by (contract §8), as SQL the same on both backends but
// for one collation. Each parameter key reads the run's one result_params row of that parameter
// (a primary-key lookup, LEFT JOIN: a run lacking it still counts) and sorts by three columns:
//   rank: 0 number, 1 string, 2 any other type (null, boolean, array, object), 3 lacking it;
//         ascending in both directions, so numbers come first and missing values last;
//   num_value, then the string: in the key's direction (only one is set within a rank).
// Runs of equal keys are ordered by result id in the last key's direction, so the order is total
// and a page boundary is one point (a SortPosition): the next page is every run after it
// (keyset pagination), which costs the same however deep the page, and neither repeats nor skips
// a run when others are registered in between.
// Strings order by code point: SQLite compares UTF-8 bytes (BINARY); PostgreSQL gets COLLATE "C".
// Strings over 512 UTF-8 bytes are kept as JSON text (parameter-values.ts); they order by that
// text without its quotes, which differs from code point order only where JSON escapes a
// character (`"`, `\`, control characters).
import { OrderDirection, OrderField, ResultParamClass } from '@simsvc/contracts';
import type { Backend } from '@simsvc/persistence';

export type SortKey =
  | { kind: 'parameter'; paramClass: ResultParamClass; name: string; direction: OrderDirection }
  | { kind: 'field'; field: OrderField; direction: OrderDirection };

/** One key's value at a page boundary: [rank, number (rank 0) | string (rank 1) | null]. */
export type SortValue = [0, number] | [1, string] | [2 | 3, null];

/** Where a page ended: the sort values of its last run, and that run's result id. */
export interface SortPosition {
  keys: SortValue[];
  id: number;
}

/** Binds a value and returns its placeholder. */
export type Bind = (value: unknown) => string;

/** The SQL of one sort key: the columns selected for cursors, and how to order and compare them. */
interface KeyColumns {
  join: string;
  rank: string;
  num: string;
  text: string;
}

/**
 * Columns of results itself, each of one type: a number (rank 0) or a text (rank 1); the
 * nullable completed_at and duration_seconds rank 3 (missing, last) when null.
 */
const FIELD_COLUMNS: Record<OrderField, KeyColumns> = {
  created_at: { join: '', rank: '0', num: 'r.created_at', text: 'CAST(NULL AS TEXT)' },
  completed_at: {
    join: '',
    rank: '(CASE WHEN r.completed_at IS NULL THEN 3 ELSE 0 END)',
    num: 'r.completed_at',
    text: 'CAST(NULL AS TEXT)',
  },
  duration_seconds: {
    join: '',
    rank: '(CASE WHEN r.duration_seconds IS NULL THEN 3 ELSE 0 END)',
    num: 'r.duration_seconds',
    text: 'CAST(NULL AS TEXT)',
  },
  execution_id: { join: '', rank: '1', num: 'CAST(NULL AS DOUBLE PRECISION)', text: 'r.execution_id' },
  simulation_version: { join: '', rank: '1', num: 'CAST(NULL AS DOUBLE PRECISION)', text: 'r.simulation_version' },
  status: { join: '', rank: '1', num: 'CAST(NULL AS DOUBLE PRECISION)', text: 'r.status' },
};

const RANK_COLUMN = (i: number) => `k${i}r`;
const NUM_COLUMN = (i: number) => `k${i}n`;
const TEXT_COLUMN = (i: number) => `k${i}t`;

export class SortSql {
  private readonly keys: KeyColumns[];
  private readonly collate: string;
  private readonly lateral: boolean;

  /** `runId`: the SQL of the run's result id in the statement (the joins and the tie-break use it). */
  constructor(
    private readonly sortKeys: SortKey[],
    backend: Backend,
    bind: Bind,
    private readonly runId: string,
  ) {
    this.collate = backend === 'postgresql' ? ' COLLATE "C"' : '';
    this.lateral = backend === 'postgresql';
    this.keys = sortKeys.map((key, i) => this.columnsOf(key, i, bind));
  }

  /** Whether a key is a column of results, which must then be joined as `r`. */
  get needsRuns(): boolean {
    return this.sortKeys.some((key) => key.kind === 'field');
  }

  /** LEFT JOINs of the parameters sorted by, on the run `runId`. */
  get joins(): string {
    return this.keys.map((key) => key.join).join(' ');
  }

  /** Every sort column, aliased k0r, k0n, k0t, … */
  get selected(): string {
    return this.keys
      .map(
        (key, i) => `${key.rank} AS ${RANK_COLUMN(i)}, ${key.num} AS ${NUM_COLUMN(i)}, (${key.text})${this.collate} AS ${TEXT_COLUMN(i)}`,
      )
      .join(', ');
  }

  /** ORDER BY over the aliases of `selected` (prefixed by `from.`, or bare), ending with the result id column `idColumn`. */
  orderBy(from: string, idColumn: string): string {
    const terms = this.sortKeys.flatMap((key, i) => {
      const direction = key.direction.toUpperCase();
      return [`${from}${RANK_COLUMN(i)}`, `${from}${NUM_COLUMN(i)} ${direction}`, `${from}${TEXT_COLUMN(i)} ${direction}`];
    });
    return [...terms, `${from}${idColumn} ${this.tieDirection.toUpperCase()}`].join(', ');
  }

  /** The condition that the run (with the joins) comes after `position`. */
  after(position: SortPosition, bind: Bind): string {
    let condition = `${this.runId} ${this.tieDirection === 'asc' ? '>' : '<'} ${bind(position.id)}`;
    for (let i = this.keys.length - 1; i >= 0; i -= 1) {
      const { later, same } = this.compare(i, position.keys[i], bind);
      condition = `(${later} OR (${same} AND ${condition}))`;
    }
    return condition;
  }

  /** The boundary a page's last row (with the `selected` columns) sets. */
  positionOf(row: Record<string, unknown>): SortPosition {
    const keys = this.keys.map((_, i): SortValue => {
      const rank = Number(row[RANK_COLUMN(i)]);
      if (rank === 0) return [0, Number(row[NUM_COLUMN(i)])];
      if (rank === 1) return [1, String(row[TEXT_COLUMN(i)])];
      return [rank as 2 | 3, null];
    });
    return { keys, id: Number(row['id']) };
  }

  get first(): SortKey {
    return this.sortKeys[0];
  }

  private get tieDirection(): OrderDirection {
    return this.sortKeys[this.sortKeys.length - 1].direction;
  }

  /** SQL saying that key i of a run is later than / equal to the boundary value. */
  private compare(i: number, [rank, value]: SortValue, bind: Bind): { later: string; same: string } {
    const key = this.keys[i];
    const beyond = this.sortKeys[i].direction === 'asc' ? '>' : '<';
    if (rank === 0 || rank === 1) {
      const column = rank === 0 ? key.num : `(${key.text})${this.collate}`;
      const placeholder = bind(value);
      return {
        later: `(${key.rank} > ${rank} OR (${key.rank} = ${rank} AND ${column} ${beyond} ${placeholder}))`,
        same: `(${key.rank} = ${rank} AND ${column} = ${placeholder})`,
      };
    }
    return { later: `${key.rank} > ${rank}`, same: `${key.rank} = ${rank}` };
  }

  private columnsOf(key: SortKey, i: number, bind: Bind): KeyColumns {
    if (key.kind === 'field') {
      return FIELD_COLUMNS[key.field];
    }
    const p = `k${i}`;
    const row =
      `${p}.result_id = ${this.runId} AND ${p}.param_class = ` +
      `${key.paramClass === 'input' ? "'input'" : "'output'"} AND ${p}.name = ${bind(key.name)}`;
    // PostgreSQL: LATERAL with LIMIT 1 (which keeps the planner from flattening it back into a
    // join), so that each run's row is one primary-key lookup; as a plain LEFT JOIN
    // its planner hashed a sequential scan of every parameter row of the store (measured: 20 of
    // the 24 ms of the best 50 of 10,000 runs). SQLite has no LATERAL and looks each row up anyway.
    const join = this.lateral
      ? `LEFT JOIN LATERAL (SELECT * FROM result_params ${p} WHERE ${row} LIMIT 1) ${p} ON TRUE`
      : `LEFT JOIN result_params ${p} ON ${row}`;
    return {
      join,
      rank: `(CASE WHEN ${p}.num_value IS NOT NULL THEN 0 WHEN ${p}.value_type = 'string' THEN 1 WHEN ${p}.result_id IS NOT NULL THEN 2 ELSE 3 END)`,
      num: `${p}.num_value`,
      text:
        `CASE WHEN ${p}.text_value IS NOT NULL THEN ${p}.text_value ` +
        `WHEN ${p}.value_type = 'string' THEN substr(${p}.json_value, 2, length(${p}.json_value) - 2) END`,
    };
  }
}
