import { formatTimestamp, ParameterSchemaMap, SimulationResponse, SimulationStatus } from '@simsvc/contracts';

/** A row of catalog_simulations as the repository returns it (search_text left out). */
export interface SimulationRecord {
  id: number;
  name: string;
  version: string;
  version_sort_key: string;
  status: SimulationStatus;
  created_at: number;
  updated_at: number;
  author: string | null;
  description: string;
  /** JSON text. */
  tags: string;
  input_schema: string;
  output_schema: string;
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

export function toSimulationResponse(record: SimulationRecord): SimulationResponse {
  return {
    id: record.id,
    name: record.name,
    version: record.version,
    description: record.description,
    author: record.author,
    tags: JSON.parse(record.tags) as string[],
    input_schema: JSON.parse(record.input_schema) as ParameterSchemaMap,
    output_schema: JSON.parse(record.output_schema) as ParameterSchemaMap,
    status: record.status,
    created_at: formatTimestamp(record.created_at),
    updated_at: formatTimestamp(record.updated_at),
  };
}
