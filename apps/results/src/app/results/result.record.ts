import {
  formatOptionalTimestamp,
  formatTimestamp,
  ResultJsonValue,
  ResultParameterSchema,
  ResultParamClass,
  ResultResponse,
  SearchHit,
} from '@simsvc/contracts';
import { encodeValue, EncodedValue } from './parameter-values';

/** A result about to be stored: the response's fields before it has an id (timestamps in microseconds). */
export type NewResult = Omit<ResultResponse, 'id' | 'created_at' | 'completed_at'> & { completed_at: number | null };

/** A row of `results` as the repository returns it. */
export interface ResultRecord {
  id: number;
  execution_id: string;
  simulation_name: string;
  simulation_version: string;
  squid_id: string | null;
  status: string;
  duration_seconds: number | null;
  input_params: string;
  output_params: string;
  schema: string;
  run_db_path: string | null;
  metadata: string | null;
  created_at: number;
  completed_at: number | null;
}

export type HitRecord = Pick<
  ResultRecord,
  'id' | 'execution_id' | 'simulation_name' | 'simulation_version' | 'squid_id' | 'input_params' | 'output_params' | 'status' | 'created_at'
>;

/** One result_params row: a parameter's typed value (see parameter-values.ts). */
export interface ParameterRow extends EncodedValue {
  param_class: ResultParamClass;
  name: string;
  schema_type: string | null;
}

export function parameterRows(result: NewResult): ParameterRow[] {
  const rows = (paramClass: ResultParamClass, values: Record<string, ResultJsonValue>, schema: Record<string, ResultParameterSchema>) =>
    Object.entries(values).map(([name, value]) => ({
      param_class: paramClass,
      name,
      schema_type: schema[name]?.type ?? null,
      ...encodeValue(value),
    }));
  return [...rows('input', result.input_params, result.schema.inputs), ...rows('output', result.output_params, result.schema.outputs)];
}

export function toResultResponse(record: ResultRecord): ResultResponse {
  return {
    id: Number(record.id),
    execution_id: record.execution_id,
    simulation_name: record.simulation_name,
    simulation_version: record.simulation_version,
    squid_id: record.squid_id,
    status: record.status,
    duration_seconds: record.duration_seconds === null ? null : Number(record.duration_seconds),
    input_params: parseJson(record.input_params),
    output_params: parseJson(record.output_params),
    schema: parseJson(record.schema),
    run_db_path: record.run_db_path,
    metadata: record.metadata === null ? null : parseJson(record.metadata),
    created_at: formatTimestamp(Number(record.created_at)),
    completed_at: formatOptionalTimestamp(record.completed_at === null ? null : Number(record.completed_at)),
  };
}

export function toSearchHit(record: HitRecord): SearchHit {
  return {
    execution_id: record.execution_id,
    simulation_name: record.simulation_name,
    simulation_version: record.simulation_version,
    squid_id: record.squid_id,
    input_params: parseJson(record.input_params),
    output_params: parseJson(record.output_params),
    status: record.status,
    created_at: formatTimestamp(Number(record.created_at)),
  };
}

/** Stored JSON text is always written by this service, so it parses. */
function parseJson<T>(text: string): T {
  return JSON.parse(text) as T;
}
