import { MigrationInterface, QueryRunner } from 'typeorm';

// The catalog's derived data in its one definition: the triggers that keep the SQLite FTS5
// trigram index of the search vocabulary (catalog_search_terms_fts) and the execution statistics
// (catalog_execution_stats) in step with their sources. The earlier migrations make the tables;
// this one makes every trigger (and PostgreSQL's trigger function), then rebuilds both derived
// tables from their sources once. A store migrated by the released earlier migrations has these
// triggers already (the same definitions): they are replaced. See libs/persistence/README.md,
// "Derived data".
//
// Statistics: catalog_execution_stats holds, per (simulation, status), the number of attached
// executions (simulation_id not NULL; an unattached one counts once it is attached) and, for
// the finished states, the count / exact integer sum / min / max of their durations in
// microseconds. Row triggers keep it exact from OLD and NEW (the true previous state, whatever
// the concurrency), so the state move stays one conditional UPDATE and GET
// /simulations/{id}/stats aggregates at most six rows. Finished executions never change (their
// states are final), so min / max never have to forget a value. The old contribution goes before
// the new one: with states ordered pending < running < final, every writer takes stats rows in
// the same order (no deadlock on PostgreSQL).

const FINISHED = `('completed', 'failed', 'cancelled', 'cached')`;

/** catalog_execution_stats from catalog_executions, as the triggers keep it. */
const RECOUNT_STATISTICS = `INSERT INTO catalog_execution_stats (simulation_id, status, executions, durations, duration_sum, duration_min,
    duration_max)
  SELECT simulation_id, status, COUNT(*), COUNT(d), COALESCE(SUM(d), 0), MIN(d), MAX(d)
  FROM (SELECT simulation_id, status, CASE WHEN status IN ${FINISHED} THEN duration_micros END AS d
    FROM catalog_executions WHERE simulation_id IS NOT NULL) AS e
  GROUP BY simulation_id, status`;

const SQLITE_ADD = `INSERT INTO catalog_execution_stats (simulation_id, status, executions, durations, duration_sum,
      duration_min, duration_max)
    SELECT new.simulation_id, new.status, 1, d IS NOT NULL, COALESCE(d, 0), d, d
    FROM (SELECT CASE WHEN new.status IN ${FINISHED} THEN new.duration_micros END AS d)
    WHERE new.simulation_id IS NOT NULL
    ON CONFLICT (simulation_id, status) DO UPDATE SET executions = executions + 1, durations = durations + excluded.durations,
      duration_sum = duration_sum + excluded.duration_sum,
      duration_min = min(COALESCE(duration_min, excluded.duration_min), COALESCE(excluded.duration_min, duration_min)),
      duration_max = max(COALESCE(duration_max, excluded.duration_max), COALESCE(excluded.duration_max, duration_max));`;
const SQLITE_REMOVE = `UPDATE catalog_execution_stats SET executions = executions - 1,
      durations = durations - (old.status IN ${FINISHED} AND old.duration_micros IS NOT NULL),
      duration_sum = duration_sum - (CASE WHEN old.status IN ${FINISHED} THEN COALESCE(old.duration_micros, 0) ELSE 0 END)
    WHERE simulation_id = old.simulation_id AND status = old.status;`;

const SQLITE_TRIGGERS = {
  catalog_search_terms_fts_insert: `AFTER INSERT ON catalog_search_terms BEGIN
      INSERT INTO catalog_search_terms_fts (rowid, term) VALUES (new.id, new.term);
    END`,
  catalog_execution_stats_insert: `AFTER INSERT ON catalog_executions BEGIN ${SQLITE_ADD} END`,
  catalog_execution_stats_update: `AFTER UPDATE OF simulation_id, status, duration_micros ON catalog_executions BEGIN
      ${SQLITE_REMOVE} ${SQLITE_ADD} END`,
  catalog_execution_stats_delete: `AFTER DELETE ON catalog_executions BEGIN ${SQLITE_REMOVE} END`,
};

export class DerivedDataSqlite1769700000001 implements MigrationInterface {
  name = 'DerivedData1769700000001';

  async up(db: QueryRunner): Promise<void> {
    for (const [name, definition] of Object.entries(SQLITE_TRIGGERS)) {
      await db.query(`DROP TRIGGER IF EXISTS ${name}`);
      await db.query(`CREATE TRIGGER ${name} ${definition}`);
    }
    // The vocabulary's trigram index, rebuilt from catalog_search_terms (its external content).
    await db.query(`INSERT INTO catalog_search_terms_fts (catalog_search_terms_fts) VALUES ('rebuild')`);
    await db.query('DELETE FROM catalog_execution_stats');
    await db.query(RECOUNT_STATISTICS);
  }

  // The triggers stay: a store at the previous migration has them in this form (see above).
  async down(): Promise<void> {
    return;
  }
}

export class DerivedDataPostgres1769700000001 implements MigrationInterface {
  name = 'DerivedData1769700000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE OR REPLACE FUNCTION catalog_execution_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE d BIGINT;
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.simulation_id IS NOT NULL THEN
          UPDATE catalog_execution_stats SET executions = executions - 1,
            durations = durations - CASE WHEN OLD.status IN ${FINISHED} AND OLD.duration_micros IS NOT NULL THEN 1 ELSE 0 END,
            duration_sum = duration_sum - CASE WHEN OLD.status IN ${FINISHED} THEN COALESCE(OLD.duration_micros, 0) ELSE 0 END
          WHERE simulation_id = OLD.simulation_id AND status = OLD.status;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.simulation_id IS NOT NULL THEN
          d := CASE WHEN NEW.status IN ${FINISHED} THEN NEW.duration_micros END;
          INSERT INTO catalog_execution_stats AS s (simulation_id, status, executions, durations, duration_sum, duration_min, duration_max)
          VALUES (NEW.simulation_id, NEW.status, 1, CASE WHEN d IS NULL THEN 0 ELSE 1 END, COALESCE(d, 0), d, d)
          ON CONFLICT (simulation_id, status) DO UPDATE SET executions = s.executions + 1, durations = s.durations + EXCLUDED.durations,
            duration_sum = s.duration_sum + EXCLUDED.duration_sum,
            duration_min = LEAST(s.duration_min, EXCLUDED.duration_min), duration_max = GREATEST(s.duration_max, EXCLUDED.duration_max);
        END IF;
        RETURN NULL;
      END $$`);
    await db.query('DROP TRIGGER IF EXISTS catalog_execution_stats_insert ON catalog_executions');
    await db.query('DROP TRIGGER IF EXISTS catalog_execution_stats_update ON catalog_executions');
    await db.query(`CREATE TRIGGER catalog_execution_stats_insert AFTER INSERT OR DELETE ON catalog_executions
      FOR EACH ROW EXECUTE FUNCTION catalog_execution_stats_apply()`);
    await db.query(`CREATE TRIGGER catalog_execution_stats_update AFTER UPDATE OF simulation_id, status, duration_micros ON catalog_executions
      FOR EACH ROW EXECUTE FUNCTION catalog_execution_stats_apply()`);
    // Recounted under a lock that keeps executions from changing meanwhile.
    await db.query('LOCK TABLE catalog_executions IN SHARE MODE');
    await db.query('DELETE FROM catalog_execution_stats');
    await db.query(RECOUNT_STATISTICS);
  }

  // The function and triggers stay: a store at the previous migration has them in this form (see above).
  async down(): Promise<void> {
    return;
  }
}
