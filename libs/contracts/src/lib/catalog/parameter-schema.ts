import { registerDecorator, ValidationArguments, ValidationOptions } from 'class-validator';
import { NO_CONTROL_CHARACTERS } from '../cache/cache-limits';
import { MAX_PARAMETER_NAME_LENGTH, MAX_PARAMETERS, PARAMETER_TYPES, ParameterType } from './catalog-limits';

/** One parameter of a simulation's input or output schema (contract §5 PARAM). */
export interface ParameterSchema {
  type: ParameterType;
  units?: string;
  min?: number;
  max?: number;
  default?: unknown;
  description?: string;
  options?: unknown[];
}

export type ParameterSchemaMap = Record<string, ParameterSchema>;

/** PARAM keys in the order they are stored and returned. */
const PARAMETER_KEYS = ['type', 'units', 'min', 'max', 'default', 'description', 'options'] as const;
const KNOWN_KEYS: ReadonlySet<string> = new Set(PARAMETER_KEYS);
const TEXT_LIMIT = 4096;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const present = (value: unknown) => value !== undefined && value !== null;

/**
 * Every problem of a `{NAME: PARAM}` map, one line each, prefixed with `path` (e.g.
 * `input_schema.length.type must be one of …`). Unknown PARAM keys are refused so that a typo
 * (`unit` for `units`) is reported instead of silently dropped; `null` values mean absent.
 */
export function parameterSchemaProblems(value: unknown, path: string): string[] {
  if (!isPlainObject(value)) return [`${path} must be a JSON object mapping parameter names to parameters`];
  const entries = Object.entries(value);
  if (entries.length > MAX_PARAMETERS) return [`${path} must have at most ${MAX_PARAMETERS} parameters`];
  const problems: string[] = [];
  for (const [name, parameter] of entries) {
    const at = `${path}.${name}`;
    if (name.length === 0 || name.length > MAX_PARAMETER_NAME_LENGTH || !NO_CONTROL_CHARACTERS.test(name)) {
      problems.push(`${path} parameter names must be 1 to ${MAX_PARAMETER_NAME_LENGTH} characters without control characters`);
      continue;
    }
    if (!isPlainObject(parameter)) {
      problems.push(`${at} must be a JSON object with a type`);
      continue;
    }
    for (const key of Object.keys(parameter)) {
      if (!KNOWN_KEYS.has(key)) problems.push(`${at}.${key} is not a parameter field (expected ${PARAMETER_KEYS.join(', ')})`);
    }
    if (!(PARAMETER_TYPES as readonly unknown[]).includes(parameter['type'])) {
      problems.push(`${at}.type must be one of ${PARAMETER_TYPES.join(', ')}`);
    }
    for (const key of ['units', 'description'] as const) {
      const text = parameter[key];
      if (present(text) && (typeof text !== 'string' || text.length > TEXT_LIMIT))
        problems.push(`${at}.${key} must be a string of at most ${TEXT_LIMIT} characters`);
    }
    for (const key of ['min', 'max'] as const) {
      const bound = parameter[key];
      if (present(bound) && (typeof bound !== 'number' || !Number.isFinite(bound))) problems.push(`${at}.${key} must be a number`);
    }
    const { min, max } = parameter;
    if (typeof min === 'number' && typeof max === 'number' && min > max) problems.push(`${at}.min must not be greater than max`);
    if (present(parameter['options']) && !Array.isArray(parameter['options'])) problems.push(`${at}.options must be an array`);
  }
  return problems;
}

/** The stored form of a valid map: absent (`null`) fields dropped, keys in canonical order. */
export function normalizeParameterSchemaMap(value: Record<string, unknown>): ParameterSchemaMap {
  const result: ParameterSchemaMap = {};
  for (const [name, raw] of Object.entries(value)) {
    const parameter = raw as Record<string, unknown>;
    const normalized: Record<string, unknown> = {};
    for (const key of PARAMETER_KEYS) if (present(parameter[key])) normalized[key] = parameter[key];
    result[name] = normalized as unknown as ParameterSchema;
  }
  return result;
}

/** class-validator decorator: a `{NAME: PARAM}` map as `parameterSchemaProblems` defines it. */
export function IsParameterSchemaMap(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isParameterSchemaMap',
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: {
        validate: (value: unknown, args?: ValidationArguments) => parameterSchemaProblems(value, args?.property ?? 'schema').length === 0,
        defaultMessage: (args?: ValidationArguments) =>
          parameterSchemaProblems(args?.value, args?.property ?? 'schema')[0] ?? 'invalid schema',
      },
    });
}
