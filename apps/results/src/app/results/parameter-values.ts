// How a parameter value is typed, stored and compared (contract §6). Registration and search both
// go through encodeValue, so a stored value and a filter literal that are equal as JSON values
// always land in the same column with the same key: numbers compare numerically (1 equals 1.0),
// a numeric string is a string and a boolean a boolean, and arrays and objects compare as
// canonical JSON text (object keys sorted, so {"a":1,"b":2} equals {"b":2,"a":1}).
import { isStorableText, ResultJsonValue, ResultParameterSchema } from '@simsvc/contracts';
import type { ResultParamEntity } from '@simsvc/persistence';

export type ValueType = ResultParamEntity['valueType'];

/**
 * Strings up to this many UTF-8 bytes go to the indexed text_value column. A PostgreSQL B-tree
 * entry cannot exceed about 2.7 kB; with two names of up to 256 characters beside it this keeps
 * every entry well below that. Longer strings are compared through json_value.
 */
export const MAX_INDEXED_TEXT_BYTES = 512;

/** The columns of one result_params row that hold the value; exactly one (or none, for null) is set. */
export type EncodedValue = Pick<ResultParamEntity, 'valueType' | 'numValue' | 'textValue' | 'boolValue' | 'jsonValue'>;

/** Where equality with a value is decided: `column = key`. A null value is `value_type = 'null'`. */
export type ValueKey =
  | { column: 'num_value'; key: number }
  | { column: 'text_value'; key: string }
  | { column: 'bool_value'; key: 0 | 1 }
  | { column: 'json_value'; key: string }
  | { column: 'value_type'; key: 'null' };

export function jsonTypeOf(value: ResultJsonValue): ValueType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'number':
      return 'number';
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    default:
      return 'object';
  }
}

/**
 * A value as stored and returned. JSON cannot carry infinities, but JSON.parse turns `1e400` into
 * Infinity: such numbers become null, as JSON.stringify would render them anyway.
 */
export function normalizeValue(value: ResultJsonValue): ResultJsonValue {
  return typeof value === 'number' && !Number.isFinite(value) ? null : value;
}

/** JSON text with object keys sorted at every level, so equal values have equal text. */
export function canonicalJson(value: ResultJsonValue): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(normalizeValue(item))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(normalizeValue(value[key]))}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(normalizeValue(value));
}

export function encodeValue(raw: ResultJsonValue): EncodedValue {
  const value = normalizeValue(raw);
  const encoded: EncodedValue = { valueType: jsonTypeOf(value), numValue: null, textValue: null, boolValue: null, jsonValue: null };
  if (typeof value === 'number') encoded.numValue = value;
  else if (typeof value === 'boolean') encoded.boolValue = value ? 1 : 0;
  else if (typeof value === 'string') {
    if (isIndexableText(value)) encoded.textValue = value;
    else encoded.jsonValue = JSON.stringify(value);
  } else if (value !== null) encoded.jsonValue = canonicalJson(value);
  return encoded;
}

export function valueKey(value: ResultJsonValue): ValueKey {
  const encoded = encodeValue(value);
  if (encoded.numValue !== null) return { column: 'num_value', key: encoded.numValue };
  if (encoded.textValue !== null) return { column: 'text_value', key: encoded.textValue };
  if (encoded.boolValue !== null) return { column: 'bool_value', key: encoded.boolValue };
  if (encoded.jsonValue !== null) return { column: 'json_value', key: encoded.jsonValue };
  return { column: 'value_type', key: 'null' };
}

/** The schema register_direct records: the JSON type of the value, nothing else known. */
export function inferSchema(values: Record<string, ResultJsonValue>): Record<string, ResultParameterSchema> {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      { type: jsonTypeOf(normalizeValue(value)), units: null, description: null, min: null, max: null, default: null },
    ]),
  );
}

function isIndexableText(text: string): boolean {
  // Byte length is at most 3 per UTF-16 unit, so short strings skip the exact count.
  return (text.length * 3 <= MAX_INDEXED_TEXT_BYTES || Buffer.byteLength(text, 'utf8') <= MAX_INDEXED_TEXT_BYTES) && isStorableText(text);
}
