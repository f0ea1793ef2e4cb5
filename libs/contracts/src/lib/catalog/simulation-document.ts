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
}

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
    `"updated_at":"${formatTimestamp(simulation.updated_at)}"}`
  );
}

/** A document with its id put first: the JSON text of toSimulationResponse. */
export function simulationJson(id: number, document: string): string {
  return `{"id":${id},${document.slice(1)}`;
}
