// Builds the result to store from a run database (POST /register) or from a body
// (POST /register_direct), enforcing what the store needs of names and texts.
import {
  isStorableText,
  MAX_RESULT_NAME_LENGTH,
  MAX_RESULT_STATUS_LENGTH,
  MAX_SQUID_ID_LENGTH,
  parseTimestamp,
  RegisterDirectDto,
  RegisterResultDto,
  ResultJsonValue,
} from '@simsvc/contracts';
import type { IntrospectedRun } from '../run-database/introspected-run.interface';
import { invalidRunDatabase } from '../run-database/run-database.errors';
import { inferSchema, normalizeValue } from './parameter-values';
import { NewResult } from './result.record';

/**
 * The result of an introspected run. What the run database holds wins over the body; the body
 * adds its metadata and a squid_id when the database has none. 422 when the database belongs to
 * another execution or holds names the store cannot keep.
 */
export function resultFromRun(introspected: IntrospectedRun, request: RegisterResultDto, runDbPath: string): NewResult {
  const { run } = introspected;
  if (run.execution_id !== request.execution_id) {
    throw invalidRunDatabase(
      `execution_id in the run database (${shortened(run.execution_id)}) differs from the request (${request.execution_id})`,
    );
  }
  assertText(run.simulation_name, 'run_metadata.simulation_name', MAX_RESULT_NAME_LENGTH);
  assertText(run.simulation_version, 'run_metadata.simulation_version', MAX_RESULT_NAME_LENGTH);
  assertText(run.status, 'run_metadata.status', MAX_RESULT_STATUS_LENGTH);
  if (run.squid_id !== null) assertText(run.squid_id, 'run_metadata.squid_id', MAX_SQUID_ID_LENGTH);
  assertParameterNames(introspected.inputs, 'input');
  assertParameterNames(introspected.outputs, 'output');
  return {
    execution_id: run.execution_id,
    simulation_name: run.simulation_name,
    simulation_version: run.simulation_version,
    squid_id: run.squid_id ?? request.squid_id ?? null,
    status: run.status,
    duration_seconds: run.duration_seconds,
    input_params: normalizedValues(introspected.inputs),
    output_params: normalizedValues(introspected.outputs),
    schema: introspected.schema,
    run_db_path: runDbPath,
    metadata: request.metadata ?? null,
    completed_at: run.completed_at === null ? null : parseTimestamp(run.completed_at),
  };
}

/** The result given inline; its schema is inferred from the values. */
export function resultFromBody(request: RegisterDirectDto): NewResult {
  const inputs = normalizedValues(request.input_params as Record<string, ResultJsonValue>);
  const outputs = normalizedValues(request.output_params as Record<string, ResultJsonValue>);
  return {
    execution_id: request.execution_id,
    simulation_name: request.simulation_name,
    simulation_version: request.simulation_version,
    squid_id: request.squid_id ?? null,
    status: request.status,
    duration_seconds: request.duration_seconds ?? null,
    input_params: inputs,
    output_params: outputs,
    schema: { inputs: inferSchema(inputs), outputs: inferSchema(outputs) },
    run_db_path: request.run_db_path ?? null,
    metadata: request.metadata ?? null,
    completed_at: null,
  };
}

function normalizedValues(values: Record<string, ResultJsonValue>): Record<string, ResultJsonValue> {
  // fromEntries defines own properties, so a parameter named "__proto__" stays a parameter.
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, normalizeValue(value)]));
}

function assertText(value: string, what: string, maxLength: number): void {
  if (value.length === 0 || value.length > maxLength) throw invalidRunDatabase(`${what} must be 1 to ${maxLength} characters`);
  if (!isStorableText(value)) throw invalidRunDatabase(`${what} must not contain U+0000 or unpaired surrogates`);
}

function assertParameterNames(values: Record<string, ResultJsonValue>, kind: 'input' | 'output'): void {
  for (const name of Object.keys(values)) {
    if (name.length > MAX_RESULT_NAME_LENGTH) {
      throw invalidRunDatabase(`${kind} name ${shortened(name)} is longer than ${MAX_RESULT_NAME_LENGTH} characters`);
    }
    if (!isStorableText(name)) throw invalidRunDatabase(`an ${kind} name contains U+0000 or unpaired surrogates`);
  }
}

function shortened(text: string): string {
  return text.length > 64 ? `${text.slice(0, 64)}…` : text;
}
