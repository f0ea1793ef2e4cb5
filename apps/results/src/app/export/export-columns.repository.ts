import { Injectable } from '@nestjs/common';
import { SnapshotReader } from '@simsvc/persistence';
import { matchedIds, Parameters, Statement } from '../results/search-query';
import { RunSelection } from '../results/search-request';
import { ExportColumns, exportColumns, ParameterName } from './export-table';

/**
 * The parameter names of the runs a CSV export covers, known before its first row: the union of
 * the parameter sets (result_schemas) of the matching runs, one lookup per run rather than one
 * per parameter value, and for runs stored before parameter sets existed (schema_id NULL) their
 * own parameter rows. Both in one snapshot.
 */
@Injectable()
export class ExportColumnsRepository {
  constructor(private readonly reader: SnapshotReader) {}

  async columns(selection: RunSelection): Promise<ExportColumns> {
    const [sets, names] = (await this.reader.read([parameterSetsOf(selection), looseNamesOf(selection)])) as [
      { parameters: string }[],
      { param_class: ParameterName['paramClass']; name: string }[],
    ];
    return exportColumns(
      sets.map((row) => row.parameters),
      names.map((row) => ({ paramClass: row.param_class, name: row.name })),
    );
  }
}

function parameterSetsOf(selection: RunSelection): Statement {
  const params = new Parameters();
  const sql =
    'SELECT s.parameters AS parameters FROM result_schemas s WHERE s.id IN ' +
    `(SELECT r.schema_id FROM results r WHERE r.id IN (${matchedIds(selection, params)}))`;
  return { sql, params: params.values };
}

function looseNamesOf(selection: RunSelection): Statement {
  const params = new Parameters();
  const sql =
    'SELECT DISTINCT p.param_class AS param_class, p.name AS name FROM result_params p WHERE p.result_id IN ' +
    `(SELECT r.id FROM results r WHERE r.schema_id IS NULL AND r.id IN (${matchedIds(selection, params)}))`;
  return { sql, params: params.values };
}
