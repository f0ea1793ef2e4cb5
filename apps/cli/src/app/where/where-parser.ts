// `--where` conditions of `simsvc results search|export`: `NAME OP VALUE` → the results service's
// search filters (`input_filters` / `output_filters`, operators $eq $ne $gt $gte $lt $lte $in).
import { UsageError } from '../usage-error';

export type ParamClass = 'input' | 'output';
export type WhereOperator = '=' | '!=' | '>' | '>=' | '<' | '<=' | 'in';
export type FilterValue = string | number | boolean | null;

export interface WhereCondition {
  /** From an `in.` / `out.` prefix; absent: to be found from the simulation's schema. */
  paramClass?: ParamClass;
  name: string;
  operator: WhereOperator;
  /** An array for `in`, a number for the ordering operators. */
  value: FilterValue | FilterValue[];
}

export type Filters = Record<string, Record<string, FilterValue | FilterValue[]>>;

const OPERATOR_KEYS: Record<WhereOperator, string> = {
  '=': '$eq',
  '!=': '$ne',
  '>': '$gt',
  '>=': '$gte',
  '<': '$lt',
  '<=': '$lte',
  in: '$in',
};

// The name is the shortest prefix followed by an operator; two-character operators are tried first.
const CONDITION = /^\s*([^<>=!\s].*?)\s*(>=|<=|!=|==|=|>|<|\s+in\s+)\s*(.*?)\s*$/s;
const CLASS_PREFIXES: Record<string, ParamClass> = { in: 'input', input: 'input', out: 'output', output: 'output' };
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Parses one `--where` text; throws UsageError naming what is wrong. */
export function parseWhere(text: string): WhereCondition {
  const match = CONDITION.exec(text);
  if (!match) throw new UsageError(`--where '${text}': expected NAME OP VALUE with OP one of = != > >= < <= in`);
  const [, rawName, rawOperator, rawValue] = match;
  const operator = (rawOperator.trim() === '==' ? '=' : rawOperator.trim()) as WhereOperator;
  const { paramClass, name } = splitClass(rawName);
  if (name === '') throw new UsageError(`--where '${text}': the parameter name is empty`);
  if (rawValue === '') throw new UsageError(`--where '${text}': the value is missing`);
  if (operator === 'in') return { paramClass, name, operator, value: splitList(rawValue).map(parseValue) };
  const value = parseValue(rawValue);
  if (['>', '>=', '<', '<='].includes(operator) && typeof value !== 'number')
    throw new UsageError(`--where '${text}': ${operator} needs a number`);
  return { paramClass, name, operator, value };
}

function splitClass(rawName: string): { paramClass?: ParamClass; name: string } {
  const dot = rawName.indexOf('.');
  const paramClass = dot > 0 ? CLASS_PREFIXES[rawName.slice(0, dot)] : undefined;
  return paramClass ? { paramClass, name: rawName.slice(dot + 1) } : { name: rawName };
}

/** Comma-separated values; a quoted value may contain commas. */
function splitList(text: string): string[] {
  const items: string[] = [];
  let current = '';
  let quote: string | undefined;
  for (const char of text) {
    if (quote) {
      current += char;
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") {
      quote = char;
      current += char;
    } else if (char === ',') {
      items.push(current.trim());
      current = '';
    } else current += char;
  }
  items.push(current.trim());
  return items;
}

/**
 * A value as the service compares it: a number when it reads as one, `true` `false` `null`, a
 * quoted text as the text inside the quotes (`'"2"'` is the string "2"), anything else a string.
 */
export function parseValue(text: string): FilterValue {
  const trimmed = text.trim();
  const quoted = /^(["'])(.*)\1$/s.exec(trimmed);
  if (quoted) return quoted[2];
  if (NUMBER.test(trimmed)) return Number(trimmed);
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  if (trimmed === 'null') return null;
  return trimmed;
}

/** Conditions (each with its class known) → `{ input_filters, output_filters }`; all must hold. */
export function buildFilters(conditions: (WhereCondition & { paramClass: ParamClass })[]): {
  input_filters: Filters;
  output_filters: Filters;
} {
  const filters: Record<ParamClass, Filters> = { input: {}, output: {} };
  for (const condition of conditions) {
    const byName = (filters[condition.paramClass][condition.name] ??= {});
    const key = OPERATOR_KEYS[condition.operator];
    if (key in byName) throw new UsageError(`--where: two ${condition.operator} conditions on ${condition.paramClass} ${condition.name}`);
    byName[key] = condition.value;
  }
  return { input_filters: filters.input, output_filters: filters.output };
}
