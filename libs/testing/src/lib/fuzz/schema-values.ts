import { hostileNumber, hostileString } from './hostile-values';
import type { SeededRandom } from './seeded-random';

/** The parts of a JSON schema (OpenAPI 3.0) the generator reads. */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  example?: unknown;
  default?: unknown;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, Schema> };
}

/** Values known to exist in the service (names, ids), by parameter or field name: they reach deeper code. */
export type KnownValues = Record<string, readonly (string | number)[]>;

const MAX_DEPTH = 6;

/**
 * A value that conforms to the schema where it is easy to (types, enums, bounds, required
 * fields), from the known values when a field of that name has some, else from examples and
 * plain words. Mutations (see request-mutations.ts) make it hostile afterwards.
 */
export function valueFor(
  schema: Schema,
  document: OpenApiDocument,
  random: SeededRandom,
  known: KnownValues,
  name = '',
  depth = 0,
): unknown {
  const resolved = resolve(schema, document);
  if (known[name]?.length && random.chance(0.8)) return random.pick(known[name]);
  if (resolved.const !== undefined) return resolved.const;
  if (resolved.enum?.length) return random.pick(resolved.enum);
  if (resolved.example !== undefined && random.chance(0.3)) return resolved.example;
  const variants = resolved.oneOf ?? resolved.anyOf;
  if (variants?.length) return valueFor(random.pick(variants), document, random, known, name, depth);
  if (resolved.nullable && random.chance(0.05)) return null;
  const type = Array.isArray(resolved.type) ? random.pick(resolved.type) : (resolved.type ?? (resolved.properties ? 'object' : 'string'));
  switch (type) {
    case 'object':
      return depth >= MAX_DEPTH ? {} : objectFor(resolved, document, random, known, depth);
    case 'array':
      return depth >= MAX_DEPTH
        ? []
        : Array.from({ length: random.int(resolved.minItems ?? 0, Math.min(resolved.maxItems ?? 4, 4)) }, () =>
            valueFor(resolved.items ?? {}, document, random, known, name, depth + 1),
          );
    case 'integer':
      return random.int(Math.max(resolved.minimum ?? 0, -1000), Math.min(resolved.maximum ?? 1000, 1000));
    case 'number':
      return random.chance(0.8) ? Math.round(random.next() * 1000) / 10 : hostileNumber(random);
    case 'boolean':
      return random.chance(0.5);
    case 'null':
      return null;
    default:
      return stringFor(resolved, random);
  }
}

function objectFor(
  schema: Schema,
  document: OpenApiDocument,
  random: SeededRandom,
  known: KnownValues,
  depth: number,
): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  const required = new Set(schema.required ?? []);
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (required.has(key) || random.chance(0.6)) value[key] = valueFor(property, document, random, known, key, depth + 1);
  }
  if (schema.additionalProperties && random.chance(0.7)) {
    const extra = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : {};
    for (let i = random.int(1, 3); i > 0; i -= 1) {
      value[random.pick(['x', 'temperature', 'n_points', `p${random.int(0, 99)}`])] = valueFor(
        extra,
        document,
        random,
        known,
        '',
        depth + 1,
      );
    }
  }
  return value;
}

function stringFor(schema: Schema, random: SeededRandom): string {
  if (schema.format === 'date-time') return new Date(Date.UTC(2026, 0, random.int(1, 28))).toISOString();
  if (random.chance(0.1)) return hostileString(random);
  const word = random.pick(['heat-1d', 'alpha', 'run', 'x', 'sim/1.0.0/abc', 'A_b.c-d', '1.0.0', 'pending']);
  const text = random.chance(0.5) ? `${word}-${random.int(0, 999)}` : word;
  return text.slice(0, schema.maxLength ?? text.length).padEnd(schema.minLength ?? 0, 'x');
}

/** The schema a `$ref` names (and the first part of an `allOf`), else the schema itself. */
export function resolve(schema: Schema, document: OpenApiDocument): Schema {
  let current = schema;
  for (let hops = 0; hops < 16; hops += 1) {
    if (current.$ref) current = document.components?.schemas?.[current.$ref.split('/').pop() ?? ''] ?? {};
    else if (current.allOf?.length)
      current = { ...current.allOf.reduce((merged, part) => ({ ...merged, ...resolve(part, document) }), {}), allOf: undefined };
    else return current;
  }
  return current;
}
