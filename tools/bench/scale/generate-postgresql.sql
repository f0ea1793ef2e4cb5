-- How the 100,000- and 1,000,000-run PostgreSQL stores of docs/benchmarks/2026-11-27-results-scale.md
-- were made: the rows POST /register_direct writes for the benchmark's runs (x0..x8 uniform in
-- [0, 100) to 6 decimals, mode, y0..y9 uniform in [0, 1000) to 3 decimals; PostgreSQL's random(),
-- so the values differ from the bench's own generator but not their distribution), generated in SQL
-- into a database holding the schema and migrations of a store the service migrated
-- (pg_dump -s, and the data of simsvc_results_migrations, simsvc_auth_migrations, auth_settings and
-- result_schemas), value indexes built after the fill.
-- Usage: psql -d DB -v n=1000000 -v schema="$(psql -Atc "SELECT schema FROM results LIMIT 1" SOURCE)" -f generate-postgresql.sql
SET session_replication_role = replica;
SET work_mem = '256MB';
SET maintenance_work_mem = '512MB';
DROP INDEX result_params_number, result_params_other, result_params_text;
INSERT INTO result_params (result_id, param_class, name, simulation_name, value_type, schema_type, num_value)
SELECT i, 'input', 'x'||k, 'scale-sim', 'number', 'number', round((random()*100)::numeric, 6)::float8 FROM generate_series(1,:n) i, generate_series(0,8) k;
INSERT INTO result_params (result_id, param_class, name, simulation_name, value_type, schema_type, text_value)
SELECT i, 'input', 'mode', 'scale-sim', 'string', 'string', 'mode-'||((i-1)%10) FROM generate_series(1,:n) i;
INSERT INTO result_params (result_id, param_class, name, simulation_name, value_type, schema_type, num_value)
SELECT i, 'output', 'y'||k, 'scale-sim', 'number', 'number', round((random()*1000)::numeric, 3)::float8 FROM generate_series(1,:n) i, generate_series(0,9) k;
INSERT INTO results (id, execution_id, simulation_name, simulation_version, squid_id, status, duration_seconds, input_params, output_params, schema, created_at, schema_id)
SELECT p.result_id, 'scale-'||(p.result_id-1), 'scale-sim', '1.0.0', 'scale-sim/1.0.0/scale-'||(p.result_id-1), 'completed', 1 + ((p.result_id-1) % 100) / 10.0,
  json_object_agg(p.name, coalesce(to_json(p.num_value), to_json(p.text_value))) FILTER (WHERE p.param_class = 'input')::text,
  json_object_agg(p.name, to_json(p.num_value)) FILTER (WHERE p.param_class = 'output')::text,
  :'schema', 1795738184526928, 1
FROM result_params p GROUP BY p.result_id;
SELECT setval(pg_get_serial_sequence('results', 'id'), :n);
INSERT INTO result_simulations VALUES ('scale-sim', 1) ON CONFLICT DO NOTHING;
CREATE INDEX "result_params_number" ON "result_params" ("simulation_name", "param_class", "name", "num_value", "result_id") WHERE num_value IS NOT NULL;
CREATE INDEX "result_params_text" ON "result_params" ("simulation_name", "param_class", "name", "text_value", "result_id") WHERE text_value IS NOT NULL;
CREATE INDEX "result_params_other" ON "result_params" ("simulation_name", "param_class", "name", "value_type", "bool_value", "result_id") WHERE num_value IS NULL AND text_value IS NULL;
VACUUM ANALYZE;
