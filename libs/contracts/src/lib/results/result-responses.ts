import type { ResultJsonValue } from './result-values';
import type { ResultParamClass } from './results-limits';

export interface RegisterResultResponse {
  success: true;
  result_id: number;
  execution_id: string;
  input_count: number;
  output_count: number;
}

/** A parameter's schema: from the run database's row and metadata, or inferred from the value. */
export interface ResultParameterSchema {
  type: string | null;
  units: string | null;
  description: ResultJsonValue;
  min: ResultJsonValue;
  max: ResultJsonValue;
  default: ResultJsonValue;
}

export interface ResultSchema {
  inputs: Record<string, ResultParameterSchema>;
  outputs: Record<string, ResultParameterSchema>;
}

/** GET /results/{execution_id}. */
export interface ResultResponse {
  id: number;
  execution_id: string;
  simulation_name: string;
  simulation_version: string;
  squid_id: string | null;
  status: string;
  duration_seconds: number | null;
  input_params: Record<string, ResultJsonValue>;
  output_params: Record<string, ResultJsonValue>;
  schema: ResultSchema;
  run_db_path: string | null;
  metadata: Record<string, unknown> | null;
  created_at: string;
  completed_at: string | null;
}

export interface SearchHit {
  execution_id: string;
  simulation_name: string;
  simulation_version: string;
  squid_id: string | null;
  input_params: Record<string, ResultJsonValue>;
  output_params: Record<string, ResultJsonValue>;
  status: string;
  created_at: string;
}

export interface SearchResultsResponse {
  results: SearchHit[];
  count: number;
  total: number;
  limit: number;
  offset: number;
}

export interface DeleteResultResponse {
  status: 'deleted';
  execution_id: string;
}

export interface ParameterStatsResponse {
  simulation_name: string;
  param_name: string;
  param_class: ResultParamClass;
  param_type: string | null;
  count: number;
  avg_value: number | null;
  min_value: number | null;
  max_value: number | null;
}
