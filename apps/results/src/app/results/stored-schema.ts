// A result's schema as the `schema` column holds it: each parameter's fields without those that
// are null. An inferred schema (register_direct) is all nulls but `type`; stored whole it was
// 1.9 of a row's 2.2 KB for 20 parameters (docs/benchmarks/2026-11-27-results-load-3.md). Rows
// stored whole before read back the same.
import { ResultParameterSchema } from '@simsvc/contracts';
import { NewResult } from './result.record';

type Schema = NewResult['schema'];
const FIELDS = ['type', 'units', 'description', 'min', 'max', 'default'] as const satisfies readonly (keyof ResultParameterSchema)[];

export function storedSchemaText(schema: Schema): string {
  return JSON.stringify({ inputs: withoutNulls(schema.inputs), outputs: withoutNulls(schema.outputs) });
}

export function schemaFromStored(text: string): Schema {
  const stored = JSON.parse(text) as Schema;
  return { inputs: withNulls(stored.inputs), outputs: withNulls(stored.outputs) };
}

function withoutNulls(parameters: Record<string, ResultParameterSchema>): Record<string, Partial<ResultParameterSchema>> {
  const compact: Record<string, Partial<ResultParameterSchema>> = {};
  for (const [name, schema] of Object.entries(parameters)) {
    const fields: Record<string, unknown> = {};
    for (const field of FIELDS) if (schema[field] !== null) fields[field] = schema[field];
    compact[name] = fields;
  }
  return compact;
}

function withNulls(parameters: Record<string, Partial<ResultParameterSchema>>): Record<string, ResultParameterSchema> {
  const full: Record<string, ResultParameterSchema> = {};
  for (const [name, schema] of Object.entries(parameters)) {
    full[name] = {
      type: schema.type ?? null,
      units: schema.units ?? null,
      description: schema.description ?? null,
      min: schema.min ?? null,
      max: schema.max ?? null,
      default: schema.default ?? null,
    };
  }
  return full;
}
