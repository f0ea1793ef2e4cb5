// PostgreSQL stores no U+0000 in text or jsonb (SQLite does), so a run database holding one
// would register on one backend and fail on the other. It is refused on both, naming where.
import type { IntrospectedRun, JsonValue, ParameterSchema } from './introspected-run.interface';
import { InvalidRunDatabaseError } from './run-database.errors';

const NUL = '\0';

export function assertNoNulCharacter(introspected: IntrospectedRun): void {
  for (const [column, value] of Object.entries(introspected.run)) {
    if (typeof value === 'string' && value.includes(NUL)) refuse(`run_metadata.${column}`);
  }
  assertParametersFree('input', introspected.inputs, introspected.schema.inputs);
  assertParametersFree('output', introspected.outputs, introspected.schema.outputs);
}

function assertParametersFree(kind: string, values: Record<string, JsonValue>, schema: Record<string, ParameterSchema>): void {
  for (const [name, value] of Object.entries(values)) {
    if (name.includes(NUL)) refuse(`an ${kind} name`);
    const shown = name.length > 64 ? `${name.slice(0, 64)}…` : name;
    if (containsNul(value)) refuse(`the value of ${kind} ${shown}`);
    if (containsNul(schema[name] as unknown as JsonValue)) refuse(`the type, units or metadata of ${kind} ${shown}`);
  }
}

function containsNul(value: JsonValue): boolean {
  const pending: JsonValue[] = [value];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    if (typeof item === 'string') {
      if (item.includes(NUL)) return true;
    } else if (Array.isArray(item)) {
      for (const child of item) pending.push(child);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes(NUL)) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

function refuse(what: string): never {
  throw new InvalidRunDatabaseError(`${what} contains U+0000, which cannot be stored`);
}
