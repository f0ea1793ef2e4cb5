// Search filters (contract §6): `{NAME: COND}` where COND is a value (equality) or an object of
// operators `$eq $ne $gt $gte $lt $lte $in`. Parsed into typed conditions once, so the SQL builder
// only ever sees well-formed input, and every malformed condition is reported at once.
import {
  FILTER_OPERATORS,
  FilterOperator,
  isPlainJsonObject,
  isStorableText,
  MAX_FILTERS_PER_CLASS,
  MAX_IN_VALUES,
  MAX_RESULT_NAME_LENGTH,
  ResultJsonValue,
  ResultParamClass,
} from '@simsvc/contracts';
import { ValueKey, valueKey } from './parameter-values';

export type RangeOperator = '>' | '>=' | '<' | '<=';

export type FilterCondition =
  /** `$eq` or a bare value. */
  | { kind: 'equal'; value: ValueKey }
  /** `$ne`: the result has the parameter and its value differs. */
  | { kind: 'notEqual'; value: ValueKey }
  /** `$gt $gte $lt $lte`: numbers only, compared numerically. */
  | { kind: 'range'; operator: RangeOperator; value: number }
  /** `$in`: equal to any of the values (none: matches nothing). */
  | { kind: 'in'; values: ValueKey[] };

/** Every condition must hold for the same parameter of the same result. */
export interface ParameterFilter {
  paramClass: ResultParamClass;
  name: string;
  conditions: FilterCondition[];
}

export interface ParsedFilters {
  filters: ParameterFilter[];
  /** One line per malformed condition; empty when all are well-formed. */
  errors: string[];
}

const RANGE_OPERATORS: Record<string, RangeOperator> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };
const OPERATOR_LIST = `${FILTER_OPERATORS.slice(0, -1).join(', ')} or ${FILTER_OPERATORS.at(-1)}`;

/** Parses `input_filters` or `output_filters` (null or absent: no filter). */
export function parseFilters(raw: unknown, paramClass: ResultParamClass): ParsedFilters {
  const field = `${paramClass}_filters`;
  if (raw === undefined || raw === null) return { filters: [], errors: [] };
  if (!isPlainJsonObject(raw)) return { filters: [], errors: [`${field} must be a JSON object of parameter conditions`] };
  const entries = Object.entries(raw);
  if (entries.length > MAX_FILTERS_PER_CLASS) {
    return { filters: [], errors: [`${field} must have at most ${MAX_FILTERS_PER_CLASS} conditions`] };
  }
  const filters: ParameterFilter[] = [];
  const errors: string[] = [];
  for (const [name, condition] of entries) {
    const where = `${field}.${name}`;
    if (name.length > MAX_RESULT_NAME_LENGTH) {
      errors.push(`${field} parameter names must be at most ${MAX_RESULT_NAME_LENGTH} characters`);
      continue;
    }
    if (!isStorableText(name)) {
      errors.push(`${field} parameter names must not contain U+0000 or unpaired surrogates`);
      continue;
    }
    const parsed = parseCondition(condition as ResultJsonValue, where);
    if (typeof parsed === 'string') errors.push(parsed);
    else filters.push({ paramClass, name, conditions: parsed });
  }
  return { filters, errors };
}

/** The conditions of one COND, or the reason it is malformed. */
function parseCondition(condition: ResultJsonValue, where: string): FilterCondition[] | string {
  if (!isOperatorObject(condition)) return [{ kind: 'equal', value: valueKey(condition) }];
  const keys = Object.keys(condition);
  const fields = keys.filter((key) => !key.startsWith('$'));
  if (fields.length > 0) return `${where} mixes operators with the field ${fields[0]}; use {"$eq": {...}} to match an object`;
  const conditions: FilterCondition[] = [];
  for (const key of keys) {
    if (!isOperator(key)) return `${where} has unknown operator ${key}; use ${OPERATOR_LIST}`;
    const operand = condition[key];
    if (key === '$eq') conditions.push({ kind: 'equal', value: valueKey(operand) });
    else if (key === '$ne') conditions.push({ kind: 'notEqual', value: valueKey(operand) });
    else if (key === '$in') {
      if (!Array.isArray(operand)) return `${where}.$in must be an array`;
      if (operand.length > MAX_IN_VALUES) return `${where}.$in must have at most ${MAX_IN_VALUES} values`;
      conditions.push({ kind: 'in', values: operand.map(valueKey) });
    } else {
      if (typeof operand !== 'number' || !Number.isFinite(operand)) return `${where}.${key} must be a number`;
      conditions.push({ kind: 'range', operator: RANGE_OPERATORS[key], value: operand });
    }
  }
  return conditions;
}

/** An object with at least one `$` key; a plain object without any is a value to compare with. */
function isOperatorObject(condition: ResultJsonValue): condition is { [key: string]: ResultJsonValue } {
  return isPlainJsonObject(condition) && Object.keys(condition).some((key) => key.startsWith('$'));
}

function isOperator(key: string): key is FilterOperator {
  return (FILTER_OPERATORS as readonly string[]).includes(key);
}
