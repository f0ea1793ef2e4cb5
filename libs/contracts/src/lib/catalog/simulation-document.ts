import { formatTimestamp } from '../common/timestamp';
import { SimulationResponse } from './catalog-responses';
import { ParameterSchemaMap } from './parameter-schema';
import { SimulationStatus } from './catalog-limits';

/** A simulation as catalog_simulations stores it: timestamps in microseconds, tags and schemas as JSON text. */
export interface StoredSimulation {
  id: number;
  name: string;
  version: string;
  status: SimulationStatus;
  created_at: number;
  updated_at: number;
  author: string | null;
  description: string;
  /** JSON text written by JSON.stringify, as every JSON column here is. */
  tags: string;
  input_schema: string;
  output_schema: string;
  installation_id: string | null;
  workflow_type: string | null;
  workflow_hash: string | null;
  /** JSON text, or NULL when none was given. */
  workflow_bundle: string | null;
  dependencies: string | null;
  metadata: string | null;
  /** boolean on PostgreSQL, 0/1 on SQLite. */
  auto_approve: boolean | number;
  visibility: string | null;
  license: string | null;
}

const parseOptional = <T>(json: string | null): T | null => (json === null ? null : (JSON.parse(json) as T));

export function toSimulationResponse(simulation: StoredSimulation): SimulationResponse {
  return {
    id: simulation.id,
    name: simulation.name,
    version: simulation.version,
    description: simulation.description,
    author: simulation.author,
    tags: JSON.parse(simulation.tags) as string[],
    input_schema: JSON.parse(simulation.input_schema) as ParameterSchemaMap,
    output_schema: JSON.parse(simulation.output_schema) as ParameterSchemaMap,
    status: simulation.status,
    created_at: formatTimestamp(simulation.created_at),
    updated_at: formatTimestamp(simulation.updated_at),
    installation_id: simulation.installation_id,
    workflow_type: simulation.workflow_type,
    workflow_hash: simulation.workflow_hash,
    workflow_bundle: parseOptional(simulation.workflow_bundle),
    dependencies: parseOptional(simulation.dependencies),
    metadata: parseOptional(simulation.metadata),
    auto_approve: Boolean(simulation.auto_approve),
    visibility: simulation.visibility,
    license: simulation.license,
  };
}

/**
 * The simulation's response as JSON text without its id (known only once the row is inserted):
 * what catalog_simulations.document keeps, so that a page of simulations is sent without
 * parsing and re-serialising every schema. Written field by field with the stored JSON spliced
 * in as it is; equal to JSON.stringify of toSimulationResponse without `id` (see the spec).
 */
export function simulationDocument(simulation: Omit<StoredSimulation, 'id'>): string {
  return (
    `{"name":${JSON.stringify(simulation.name)},"version":${JSON.stringify(simulation.version)},` +
    `"description":${JSON.stringify(simulation.description)},"author":${JSON.stringify(simulation.author)},` +
    `"tags":${simulation.tags},"input_schema":${simulation.input_schema},"output_schema":${simulation.output_schema},` +
    `"status":${JSON.stringify(simulation.status)},"created_at":"${formatTimestamp(simulation.created_at)}",` +
    `"updated_at":"${formatTimestamp(simulation.updated_at)}","installation_id":${JSON.stringify(simulation.installation_id)},` +
    `"workflow_type":${JSON.stringify(simulation.workflow_type)},"workflow_hash":${JSON.stringify(simulation.workflow_hash)},` +
    `"workflow_bundle":${simulation.workflow_bundle ?? 'null'},"dependencies":${simulation.dependencies ?? 'null'},` +
    `"metadata":${simulation.metadata ?? 'null'},"auto_approve":${Boolean(simulation.auto_approve)},` +
    `"visibility":${JSON.stringify(simulation.visibility)},"license":${JSON.stringify(simulation.license)}}`
  );
}

/** A document with its id put first: the JSON text of toSimulationResponse. */
export function simulationJson(id: number, document: string): string {
  return `{"id":${id},${document.slice(1)}`;
}
