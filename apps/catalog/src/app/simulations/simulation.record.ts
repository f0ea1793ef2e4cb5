import { StoredSimulation } from '@simsvc/contracts';

/** A row of catalog_simulations as the repository returns it (its document left out). */
export interface SimulationRecord extends StoredSimulation {
  version_sort_key: string;
}

/** A simulation on a page (search, versions): its id and its document (see simulationDocument). */
export interface SimulationDocumentRow {
  id: number;
  document: string;
}

/** Columns of SimulationRecord, for SELECT lists (qualified with `alias.` when given). */
export function simulationColumns(alias?: string): string {
  const prefix = alias ? `${alias}.` : '';
  return [
    'id',
    'name',
    'version',
    'version_sort_key',
    'status',
    'created_at',
    'updated_at',
    'author',
    'description',
    'tags',
    'input_schema',
    'output_schema',
  ]
    .map((column) => prefix + column)
    .join(', ');
}

/** A page's SELECT list: the id and the document while it is current (else NULL: see the documents migration). */
export function documentColumns(alias: string): string {
  return `${alias}.id, CASE WHEN ${alias}.document_of = ${alias}.updated_at THEN ${alias}.document END AS document`;
}
