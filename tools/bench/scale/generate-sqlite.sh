#!/usr/bin/env bash
# How the 1,000,000-run SQLite store of docs/benchmarks/2026-11-27-results-scale.md was made:
# the rows POST /register_direct writes for the benchmark's runs (x0..x8 uniform in [0, 100) to
# 6 decimals, mode, y0..y9 uniform in [0, 1000) to 3 decimals; SQLite's random(), so the values
# differ from the bench's own generator but not their distribution), generated in SQL into the
# tables of a store the service migrated (STORE, e.g. a kept 10,000-run store of results-scale),
# value indexes built after the fill. Usage: generate-sqlite.sh STORE OUT N
set -euo pipefail
store=$1 out=$2 n=$3
sqlite3 "$store" .schema | grep -v '^CREATE TABLE sqlite_sequence' > /tmp/scale-schema.sql
grep -v '^CREATE INDEX\|^CREATE UNIQUE INDEX' /tmp/scale-schema.sql > /tmp/scale-tables.sql
grep '^CREATE INDEX\|^CREATE UNIQUE INDEX' /tmp/scale-schema.sql > /tmp/scale-indexes.sql
sqlite3 "$store" "SELECT schema FROM results WHERE simulation_name = 'scale-sim' ORDER BY id LIMIT 1" > /tmp/scale-result-schema.json
sqlite3 "$out" <<SQL
.read /tmp/scale-tables.sql
PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -400000;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $n)
INSERT INTO results (id, execution_id, simulation_name, simulation_version, status, input_params, output_params, schema, created_at)
  SELECT i, 'scale-' || (i - 1), 'scale-sim', '1.0.0', 'completed', '{}', '{}', '{}', 1795738184526928 FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $n), k(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM k WHERE j < 9)
INSERT INTO result_params (result_id, param_class, name, simulation_name, value_type, schema_type, num_value)
  SELECT i, 'output', 'y' || j, 'scale-sim', 'number', 'number', abs(random() % 1000000) / 1000.0 FROM n, k;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $n), k(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM k WHERE j < 8)
INSERT INTO result_params (result_id, param_class, name, simulation_name, value_type, schema_type, num_value)
  SELECT i, 'input', 'x' || j, 'scale-sim', 'number', 'number', abs(random() % 100000000) / 1000000.0 FROM n, k;
INSERT INTO result_params (result_id, param_class, name, simulation_name, value_type, schema_type, text_value)
  SELECT id, 'input', 'mode', 'scale-sim', 'string', 'string', 'mode-' || ((id - 1) % 10) FROM results;
.read /tmp/scale-indexes.sql
PRAGMA journal_mode = WAL;
ATTACH '$store' AS src;
INSERT INTO main.simsvc_results_migrations SELECT * FROM src.simsvc_results_migrations;
INSERT INTO main.result_schemas SELECT * FROM src.result_schemas;
DETACH src;
UPDATE results SET squid_id = 'scale-sim/1.0.0/' || execution_id, duration_seconds = 1 + ((id - 1) % 100) / 10.0,
  schema = readfile('/tmp/scale-result-schema.json'), schema_id = 1,
  input_params = (SELECT json_group_object(name, coalesce(num_value, text_value)) FROM result_params p WHERE p.result_id = results.id AND p.param_class = 'input'),
  output_params = (SELECT json_group_object(name, num_value) FROM result_params p WHERE p.result_id = results.id AND p.param_class = 'output');
INSERT INTO result_simulations VALUES ('scale-sim', 1);
PRAGMA wal_checkpoint(TRUNCATE);
SQL
