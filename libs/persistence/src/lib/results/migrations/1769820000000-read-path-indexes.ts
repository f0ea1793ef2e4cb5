import { MigrationInterface, QueryRunner } from 'typeorm';

// The numbers of each run in its own order (result_id, param_class, name): POST /aggregate reads
// the requested parameters of every matching run from this index alone, one seek per run and
// class, where the primary key needed a table row per value besides (measured on 100,000 runs,
// 1,000 matching, 4 outputs: 10 → 4 ms on SQLite). Ids only grow, so inserts append to it.
// And the parameter set of each run of a simulation (results_simulation_schema): the CSV columns
// of POST /export are the union of the parameter sets of the matching runs, which took a lookup of
// every matching run's row (~2 KB each; 0.7–3.5 s before the first byte at 100,000 runs).

const INDEXES = [
  'CREATE INDEX "result_params_run_numbers" ON "result_params" ("result_id", "param_class", "name", "num_value") WHERE num_value IS NOT NULL',
  'CREATE INDEX "results_simulation_schema" ON "results" ("simulation_name", "schema_id")',
];

/** The same statements on both backends. */
class ReadPathIndexes implements MigrationInterface {
  name = 'ReadPathIndexes1769820000000';

  async up(db: QueryRunner): Promise<void> {
    for (const index of INDEXES) await db.query(index);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX "results_simulation_schema"');
    await db.query('DROP INDEX "result_params_run_numbers"');
  }
}

export class ReadPathIndexesSqlite1769820000000 extends ReadPathIndexes {}

export class ReadPathIndexesPostgres1769820000000 extends ReadPathIndexes {}
