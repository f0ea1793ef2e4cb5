// Turns stored parameter rows into values and schemas (contract §6). Stored JSON that cannot be
// parsed is kept as the raw text (values) or ignored (metadata) rather than failing the run.
import type { JsonValue, ParameterSchema } from './introspected-run.interface';
import { invalidRunDatabase } from './run-database.errors';
import type { ParameterTable } from './run-database-structure';

/** One row as the reader selects it: text columns cast to TEXT, value_blob only measured. */
export interface ParameterRow {
  name: string | null;
  type: string | null;
  value: string | null;
  blob_bytes: number | null;
  units: string | null;
  metadata: string | null;
}

export interface DecodedParameters {
  values: Record<string, JsonValue>;
  schema: Record<string, ParameterSchema>;
}

type JsonObject = { [key: string]: JsonValue };

const METADATA_KEYS = ['description', 'min', 'max', 'default'] as const;

export function decodeParameters(table: ParameterTable, rows: ParameterRow[], maxNestingDepth: number): DecodedParameters {
  const values: [string, JsonValue][] = [];
  const schema: [string, ParameterSchema][] = [];
  for (const row of rows) {
    const name = row.name;
    if (name === null) throw invalidRunDatabase(`table ${table} has a row without a name`);
    const what = `${table === 'inputs' ? 'input' : 'output'} ${shortened(name)}`;
    const value = decodeValue(row);
    assertNestingWithin(value, maxNestingDepth, `value of ${what}`);
    const parsedMetadata = parseJson(row.metadata)?.json;
    const parameterSchema = schemaOf(row, isJsonObject(parsedMetadata) ? parsedMetadata : {});
    for (const key of METADATA_KEYS) assertNestingWithin(parameterSchema[key], maxNestingDepth, `${key} of ${what}`);
    values.push([name, value]);
    schema.push([name, parameterSchema]);
  }
  // fromEntries defines own properties, so a parameter named "__proto__" stays a parameter.
  return { values: Object.fromEntries(values), schema: Object.fromEntries(schema) };
}

function decodeValue(row: ParameterRow): JsonValue {
  if (row.value !== null) {
    const parsed = parseJson(row.value);
    return parsed === undefined ? row.value : parsed.json;
  }
  if (row.blob_bytes !== null) return { blob_bytes: row.blob_bytes };
  return null;
}

function schemaOf(row: ParameterRow, metadata: JsonObject): ParameterSchema {
  const pick = (key: (typeof METADATA_KEYS)[number]): JsonValue => (Object.hasOwn(metadata, key) ? (metadata[key] ?? null) : null);
  return {
    type: row.type,
    units: row.units,
    description: pick('description'),
    min: pick('min'),
    max: pick('max'),
    default: pick('default'),
  };
}

/** The decoded JSON (wrapped, so that JSON null differs from "no JSON"), or undefined. */
function parseJson(text: string | null): { json: JsonValue } | undefined {
  if (text === null) return undefined;
  try {
    return { json: JSON.parse(text) as JsonValue };
  } catch {
    return undefined;
  }
}

function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// JSON.parse accepts any depth, but JSON.stringify of the response would overflow the stack.
function assertNestingWithin(value: JsonValue, maxDepth: number, what: string): void {
  const pending: [JsonValue, number][] = [[value, 0]];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const [current, depth] = item;
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= maxDepth) throw invalidRunDatabase(`${what} is nested more than ${maxDepth} levels deep`);
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
}

function shortened(name: string): string {
  return name.length > 64 ? `${name.slice(0, 64)}…` : name;
}
