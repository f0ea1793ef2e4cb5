// What introspecting a run database yields (contract §6).
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface RunMetadata {
  execution_id: string;
  squid_id: string | null;
  simulation_name: string;
  simulation_version: string;
  simulation_id: number | null;
  /** As stored by sim2l; not reformatted. */
  started_at: string | null;
  completed_at: string | null;
  duration_seconds: number | null;
  status: string;
  executor_type: string | null;
}

export interface ParameterSchema {
  type: string | null;
  units: string | null;
  description: JsonValue;
  min: JsonValue;
  max: JsonValue;
  default: JsonValue;
}

export interface IntrospectedRun {
  run: RunMetadata;
  inputs: Record<string, JsonValue>;
  outputs: Record<string, JsonValue>;
  schema: {
    inputs: Record<string, ParameterSchema>;
    outputs: Record<string, ParameterSchema>;
  };
}
