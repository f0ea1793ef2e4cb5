import { registerDecorator, ValidationArguments, ValidationOptions } from 'class-validator';
import { NO_CONTROL_CHARACTERS } from '../cache/cache-limits';
import { MAX_PARAMETER_NAME_LENGTH, MAX_PARAMETERS, PARAMETER_TYPES, ParameterType } from './catalog-limits';

/**
 * One parameter of a simulation's input or output schema: contract §5 PARAM, or sim2l's native
 * form (`Field.to_dict()`, contract §7) with a class name as `type` and further keys of its own
 * (`optional`, `required_if`, `choices`, `maxlen`, `dtype`, `shape`, `item_type`, `schema`, free
 * metadata). Stored and returned exactly as sent.
 */
export interface ParameterSchema {
  type: ParameterType | Sim2lParameterType;
  units?: string | null;
  min?: number | null;
  max?: number | null;
  default?: unknown;
  description?: string | null;
  options?: unknown[] | null;
  [sim2lKey: string]: unknown;
}

export type ParameterSchemaMap = Record<string, ParameterSchema>;

/** sim2l's field classes and the PARAM type each one means. */
export const SIM2L_PARAMETER_TYPES = {
  Number: 'number',
  Integer: 'integer',
  Text: 'string',
  Element: 'string',
  Boolean: 'boolean',
  Array: 'array',
  List: 'array',
  Dict: 'object',
  Image: 'file',
} as const satisfies Record<string, ParameterType>;
export type Sim2lParameterType = keyof typeof SIM2L_PARAMETER_TYPES;

export const ACCEPTED_PARAMETER_TYPES: readonly string[] = [...PARAMETER_TYPES, ...Object.keys(SIM2L_PARAMETER_TYPES)];

/** The PARAM type a parameter's `type` means (`Number` → `number`); undefined for an unknown type. */
export function canonicalParameterType(type: unknown): ParameterType | undefined {
  if (typeof type !== 'string') return undefined;
  if ((PARAMETER_TYPES as readonly string[]).includes(type)) return type as ParameterType;
  return Object.hasOwn(SIM2L_PARAMETER_TYPES, type) ? SIM2L_PARAMETER_TYPES[type as Sim2lParameterType] : undefined;
}

export const PARAMETER_TEXT_LIMIT = 4096;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const present = (value: unknown) => value !== undefined && value !== null;

/**
 * Every problem of a `{NAME: PARAM}` map, one line each, prefixed with `path` (e.g.
 * `input_schema.length.type must be one of …`). Only the keys simsvc interprets are checked;
 * any other key is kept as data (sim2l merges a field's free metadata into it). `null` means absent.
 */
export function parameterSchemaProblems(value: unknown, path: string): string[] {
  if (!isPlainObject(value)) return [`${path} must be a JSON object mapping parameter names to parameters`];
  const entries = Object.entries(value);
  if (entries.length > MAX_PARAMETERS) return [`${path} must have at most ${MAX_PARAMETERS} parameters`];
  return entries.flatMap(([name, parameter]) => parameterProblems(name, parameter, path));
}

function parameterProblems(name: string, parameter: unknown, path: string): string[] {
  const at = `${path}.${name}`;
  if (name.length === 0 || name.length > MAX_PARAMETER_NAME_LENGTH || !NO_CONTROL_CHARACTERS.test(name)) {
    return [`${path} parameter names must be 1 to ${MAX_PARAMETER_NAME_LENGTH} characters without control characters`];
  }
  if (!isPlainObject(parameter)) return [`${at} must be a JSON object with a type`];
  const problems: string[] = [];
  if (canonicalParameterType(parameter['type']) === undefined) {
    problems.push(`${at}.type must be one of ${ACCEPTED_PARAMETER_TYPES.join(', ')}`);
  }
  for (const key of ['units', 'description'] as const) {
    const text = parameter[key];
    if (present(text) && (typeof text !== 'string' || text.length > PARAMETER_TEXT_LIMIT))
      problems.push(`${at}.${key} must be a string of at most ${PARAMETER_TEXT_LIMIT} characters`);
  }
  for (const key of ['min', 'max'] as const) {
    const bound = parameter[key];
    if (present(bound) && (typeof bound !== 'number' || !Number.isFinite(bound))) problems.push(`${at}.${key} must be a number`);
  }
  const { min, max } = parameter;
  if (typeof min === 'number' && typeof max === 'number' && min > max) problems.push(`${at}.min must not be greater than max`);
  if (present(parameter['options']) && !Array.isArray(parameter['options'])) problems.push(`${at}.options must be an array`);
  return problems;
}

/**
 * class-validator decorator: a `{NAME: PARAM}` map as `parameterSchemaProblems` defines it. All
 * problems travel in one message, one per line; the validation pipe lists each line in `details`.
 */
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
          parameterSchemaProblems(args?.value, args?.property ?? 'schema').join('\n') || 'invalid schema',
      },
    });
}
