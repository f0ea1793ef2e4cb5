import { Injectable } from '@nestjs/common';
import { Backend, InjectStoreDatabase, RESULTS_STORE, SnapshotReader, StoreDatabase } from '@simsvc/persistence';
import { matchedIds, Parameters, scopeOf, Statement } from '../results/search-query';
import { RunSelection } from '../results/search-request';
import { ExportColumns, exportColumns, ParameterName } from './export-table';

/**
 * The parameter names of the runs a CSV export covers, known before its first row: the union of
 * the parameter sets (result_schemas) of the matching runs, and for runs stored before parameter
 * sets existed (schema_id NULL) their own parameter rows. Both in one snapshot, and both found
 * through the index results_simulation_schema (simulation, parameter set) rather than the rows of
 * the matching runs: a set is listed when one matching run has it, and only the runs without a set
 * are looked up.
 */
@Injectable()
export class ExportColumnsRepository {
  constructor(
    @InjectStoreDatabase(RESULTS_STORE) private readonly db: StoreDatabase,
    private readonly reader: SnapshotReader,
  ) {}

  async columns(selection: RunSelection): Promise<ExportColumns> {
    const [sets, names] = (await this.reader.read([
      parameterSetsOf(selection, this.db.backend),
      looseNamesOf(selection, this.db.backend),
    ])) as [{ parameters: string }[], { param_class: ParameterName['paramClass']; name: string }[]];
    return exportColumns(
      sets.map((row) => row.parameters),
      names.map((row) => ({ paramClass: row.param_class, name: row.name })),
    );
  }
}

/** The conditions on `results r` that keep the selection's runs: its scope, version, status and filters. */
function runConditions(selection: RunSelection, params: Parameters, backend: Backend): string[] {
  const conditions = [`r.${scopeOf(selection, params)}`];
  if (selection.simulationVersion !== undefined) conditions.push(`r.simulation_version = ${params.add(selection.simulationVersion)}`);
  if (selection.status !== undefined) conditions.push(`r.status = ${params.add(selection.status)}`);
  // Without version or status, matchedIds is the filters' intersection alone.
  if (selection.filters.length > 0) {
    conditions.push(`r.id IN (${matchedIds({ simulationName: selection.simulationName, filters: selection.filters }, params, backend)})`);
  }
  return conditions;
}

function parameterSetsOf(selection: RunSelection, backend: Backend): Statement {
  const params = new Parameters();
  const runs = ['r.simulation_name = s.simulation_name', 'r.schema_id = s.id', ...runConditions(selection, params, backend)];
  const sql = `SELECT s.parameters AS parameters FROM result_schemas s WHERE EXISTS (SELECT 1 FROM results r WHERE ${runs.join(' AND ')})`;
  return { sql, params: params.values };
}

function looseNamesOf(selection: RunSelection, backend: Backend): Statement {
  const params = new Parameters();
  const runs = ['r.schema_id IS NULL', ...runConditions(selection, params, backend)];
  const sql =
    'SELECT DISTINCT p.param_class AS param_class, p.name AS name FROM result_params p WHERE p.result_id IN ' +
    `(SELECT r.id FROM results r WHERE ${runs.join(' AND ')})`;
  return { sql, params: params.values };
}
