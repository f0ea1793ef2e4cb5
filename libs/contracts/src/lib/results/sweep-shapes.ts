// Shapes of the sweep features of POST /search and POST /aggregate (contract §8): sort keys,
// aggregated parameters and the histogram. Checked here, structurally, so that the service only
// ever sees well-formed ones; each rule reports one line naming the field.
import { isPlainJsonObject, isStorableText } from './result-values';
import { MAX_RESULT_NAME_LENGTH, RESULT_PARAM_CLASSES, ResultParamClass } from './results-limits';

export const MAX_ORDER_KEYS = 3;
export const ORDER_DIRECTIONS = ['asc', 'desc'] as const;
export type OrderDirection = (typeof ORDER_DIRECTIONS)[number];
export const ORDER_FIELDS = ['created_at', 'execution_id', 'simulation_version', 'status', 'completed_at', 'duration_seconds'] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];

/** A sort key: a parameter of the runs, or a column of the result. */
export type OrderKey =
  { class: ResultParamClass; name: string; direction: OrderDirection } | { field: OrderField; direction: OrderDirection };

export const MAX_AGGREGATE_PARAMS = 16;
export const MAX_HISTOGRAM_BINS = 200;
/** Distinct text values POST /aggregate lists at most. */
export const MAX_LISTED_VALUES = 100;
export const HISTOGRAM_SCALES = ['linear', 'log'] as const;
export type HistogramScale = (typeof HISTOGRAM_SCALES)[number];

export interface ParameterRef {
  class: ResultParamClass;
  name: string;
}

export interface HistogramRequest extends ParameterRef {
  bins: number;
  scale: HistogramScale;
}

const oneOf = (values: readonly string[]) => `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;

/** Why `value` is not `{class, name}` plus the `extra` keys, or undefined. */
function parameterRefProblem(value: unknown, where: string, extra: readonly string[]): string | undefined {
  if (!isPlainJsonObject(value)) return `${where} must be an object {class, name${extra.map((key) => `, ${key}`).join('')}}`;
  const unknown = Object.keys(value).find((key) => key !== 'class' && key !== 'name' && !extra.includes(key));
  if (unknown !== undefined) return `${where} has unknown field ${unknown}`;
  if (!(RESULT_PARAM_CLASSES as readonly unknown[]).includes(value['class']))
    return `${where}.class must be ${oneOf(RESULT_PARAM_CLASSES)}`;
  const name = value['name'];
  if (typeof name !== 'string' || name.length === 0 || name.length > MAX_RESULT_NAME_LENGTH)
    return `${where}.name must be a string of 1 to ${MAX_RESULT_NAME_LENGTH} characters`;
  if (!isStorableText(name)) return `${where}.name must not contain U+0000 or unpaired surrogates`;
  return undefined;
}

function directionProblem(value: Record<string, unknown>, where: string): string | undefined {
  return (ORDER_DIRECTIONS as readonly unknown[]).includes(value['direction']) ? undefined : `${where}.direction must be asc or desc`;
}

/** Why `value` is not a list of at most 3 sort keys, or undefined. */
export function orderByProblem(value: unknown, property: string): string | undefined {
  if (!Array.isArray(value) || value.length > MAX_ORDER_KEYS) return `${property} must be an array of at most ${MAX_ORDER_KEYS} sort keys`;
  for (const [index, key] of value.entries()) {
    const where = `${property}[${index}]`;
    if (isPlainJsonObject(key) && 'field' in key) {
      const unknown = Object.keys(key).find((name) => name !== 'field' && name !== 'direction');
      if (unknown !== undefined) return `${where} has unknown field ${unknown}; a key is {class, name, direction} or {field, direction}`;
      if (!(ORDER_FIELDS as readonly unknown[]).includes(key['field'])) return `${where}.field must be ${oneOf(ORDER_FIELDS)}`;
      const direction = directionProblem(key, where);
      if (direction) return direction;
      continue;
    }
    const problem = parameterRefProblem(key, where, ['direction']);
    if (problem) return problem;
    const direction = directionProblem(key as Record<string, unknown>, where);
    if (direction) return direction;
  }
  return undefined;
}

/** Why `value` is not a list of 1 to 16 `{class, name}`, or undefined. */
export function aggregateParamsProblem(value: unknown, property: string): string | undefined {
  if (!Array.isArray(value) || value.length > MAX_AGGREGATE_PARAMS)
    return `${property} must be an array of at most ${MAX_AGGREGATE_PARAMS} parameters {class, name}`;
  for (const [index, param] of value.entries()) {
    const problem = parameterRefProblem(param, `${property}[${index}]`, []);
    if (problem) return problem;
  }
  return undefined;
}

/** Why `value` is not `{class, name, bins, scale?}`, or undefined. */
export function histogramProblem(value: unknown, property: string): string | undefined {
  const problem = parameterRefProblem(value, property, ['bins', 'scale']);
  if (problem) return problem;
  const { bins, scale } = value as Record<string, unknown>;
  if (!Number.isInteger(bins) || (bins as number) < 1 || (bins as number) > MAX_HISTOGRAM_BINS)
    return `${property}.bins must be an integer from 1 to ${MAX_HISTOGRAM_BINS}`;
  if (scale !== undefined && scale !== null && !(HISTOGRAM_SCALES as readonly unknown[]).includes(scale))
    return `${property}.scale must be linear or log`;
  return undefined;
}

/** Why `value` is not `{class, name}` (the parameter whose text values POST /aggregate lists), or undefined. */
export function valuesRequestProblem(value: unknown, property: string): string | undefined {
  return parameterRefProblem(value, property, []);
}
