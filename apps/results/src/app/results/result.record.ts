import {
  formatOptionalTimestamp,
  formatTimestamp,
  ResultJsonValue,
  ResultParameterSchema,
  ResultParamClass,
  ResultResponse,
  SearchHit,
} from '@simsvc/contracts';
import type { ResultEntity, ResultParamEntity } from '@simsvc/persistence';
import { encodeValue, EncodedValue } from './parameter-values';
import { schemaFromStored } from './stored-schema';

/** A result about to be stored: the response's fields before it has an id (timestamps in microseconds). */
export type NewResult = Omit<ResultResponse, 'id' | 'created_at' | 'completed_at' | 'schema_id'> & { completed_at: number | null };

/** A row of `results` (bigint columns may arrive as strings from raw SQL: read them with Number). */
export type ResultRecord = ResultEntity;

/** The columns of a search hit (search-query.ts HIT_COLUMNS). */
export type HitRecord = Pick<
  ResultEntity,
  | 'id'
  | 'executionId'
  | 'simulationName'
  | 'simulationVersion'
  | 'squidId'
  | 'inputParams'
  | 'outputParams'
  | 'status'
  | 'createdAt'
  | 'completedAt'
  | 'durationSeconds'
>;

/** One result_params row as registration hands it to SQL (as JSON): a parameter's typed value (see parameter-values.ts). */
export type ParameterRow = Pick<ResultParamEntity, 'paramClass' | 'name' | 'schemaType'> & EncodedValue;

export function parameterRows(result: NewResult): ParameterRow[] {
  const rows = (paramClass: ResultParamClass, values: Record<string, ResultJsonValue>, schema: Record<string, ResultParameterSchema>) =>
    Object.entries(values).map(([name, value]) => ({
      paramClass,
      name,
      schemaType: schema[name]?.type ?? null,
      ...encodeValue(value),
    }));
  return [...rows('input', result.input_params, result.schema.inputs), ...rows('output', result.output_params, result.schema.outputs)];
}

export function toResultResponse(record: ResultRecord): ResultResponse {
  return {
    id: Number(record.id),
    execution_id: record.executionId,
    simulation_name: record.simulationName,
    simulation_version: record.simulationVersion,
    squid_id: record.squidId,
    status: record.status,
    duration_seconds: record.durationSeconds === null ? null : Number(record.durationSeconds),
    input_params: parseJson(record.inputParams),
    output_params: parseJson(record.outputParams),
    schema: schemaFromStored(record.schema),
    run_db_path: record.runDbPath,
    metadata: record.metadata === null ? null : parseJson(record.metadata),
    created_at: formatTimestamp(Number(record.createdAt)),
    completed_at: formatOptionalTimestamp(record.completedAt === null ? null : Number(record.completedAt)),
    schema_id: record.schemaId === null ? null : Number(record.schemaId),
  };
}

export function toSearchHit(record: HitRecord): SearchHit {
  return {
    execution_id: record.executionId,
    simulation_name: record.simulationName,
    simulation_version: record.simulationVersion,
    squid_id: record.squidId,
    input_params: parseJson(record.inputParams),
    output_params: parseJson(record.outputParams),
    status: record.status,
    created_at: formatTimestamp(Number(record.createdAt)),
    completed_at: formatOptionalTimestamp(record.completedAt === null ? null : Number(record.completedAt)),
    duration_seconds: record.durationSeconds === null ? null : Number(record.durationSeconds),
  };
}

/** Stored JSON text is always written by this service, so it parses. */
function parseJson<T>(text: string): T {
  return JSON.parse(text) as T;
}
