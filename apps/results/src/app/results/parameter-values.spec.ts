import type { ResultJsonValue } from '@simsvc/contracts';
import { canonicalJson, encodeValue, inferSchema, MAX_INDEXED_TEXT_BYTES, normalizeValue, valueKey } from './parameter-values';

// The property of EncodedValue that holds each result_params column.
const STORED_PROPERTY = {
  num_value: 'numValue',
  text_value: 'textValue',
  bool_value: 'boolValue',
  json_value: 'jsonValue',
  value_type: 'valueType',
} as const;

describe('parameter values', () => {
  describe('encodeValue', () => {
    it('puts each JSON type in its own column', () => {
      expect(encodeValue(2.5)).toEqual({ valueType: 'number', numValue: 2.5, textValue: null, boolValue: null, jsonValue: null });
      expect(encodeValue('fast')).toEqual({
        valueType: 'string',
        numValue: null,
        textValue: 'fast',
        boolValue: null,
        jsonValue: null,
      });
      expect(encodeValue(true)).toEqual({ valueType: 'boolean', numValue: null, textValue: null, boolValue: 1, jsonValue: null });
      expect(encodeValue(false)).toMatchObject({ valueType: 'boolean', boolValue: 0 });
      expect(encodeValue(null)).toEqual({ valueType: 'null', numValue: null, textValue: null, boolValue: null, jsonValue: null });
      expect(encodeValue([1, 'a'])).toEqual({
        valueType: 'array',
        numValue: null,
        textValue: null,
        boolValue: null,
        jsonValue: '[1,"a"]',
      });
      expect(encodeValue({ b: 1, a: 2 })).toEqual({
        valueType: 'object',
        numValue: null,
        textValue: null,
        boolValue: null,
        jsonValue: '{"a":2,"b":1}',
      });
    });

    it('keeps a numeric string a string and a boolean a boolean', () => {
      expect(encodeValue('1')).toMatchObject({ valueType: 'string', numValue: null, textValue: '1' });
      expect(encodeValue(true).numValue).toBeNull();
    });

    it('stores a long string as JSON text instead of the indexed column', () => {
      const long = 'x'.repeat(MAX_INDEXED_TEXT_BYTES + 1);
      expect(encodeValue(long)).toMatchObject({ valueType: 'string', textValue: null, jsonValue: JSON.stringify(long) });
      expect(encodeValue('x'.repeat(MAX_INDEXED_TEXT_BYTES)).textValue).toHaveLength(MAX_INDEXED_TEXT_BYTES);
    });

    it('counts bytes, not characters, for the indexed column', () => {
      const greek = 'λ'.repeat(MAX_INDEXED_TEXT_BYTES / 2 + 1);
      expect(encodeValue(greek).textValue).toBeNull();
      expect(encodeValue('λ'.repeat(MAX_INDEXED_TEXT_BYTES / 2)).textValue).not.toBeNull();
    });

    it('keeps text PostgreSQL cannot store out of the text column, escaped in JSON', () => {
      expect(encodeValue('a\u0000b')).toMatchObject({ textValue: null, jsonValue: '"a\\u0000b"' });
      expect(encodeValue('\ud800')).toMatchObject({ textValue: null, jsonValue: '"\\ud800"' });
    });

    it('turns an infinity (JSON.parse of 1e400) into null', () => {
      expect(encodeValue(Number.POSITIVE_INFINITY)).toMatchObject({ valueType: 'null', numValue: null });
      expect(normalizeValue(Number.NEGATIVE_INFINITY)).toBeNull();
      expect(normalizeValue(0)).toBe(0);
    });
  });

  describe('valueKey (equality)', () => {
    it('compares numbers numerically: 1 equals 1.0', () => {
      expect(valueKey(1)).toEqual(valueKey(1.0));
      expect(valueKey(JSON.parse('1.0') as number)).toEqual({ column: 'num_value', key: 1 });
      expect(valueKey(JSON.parse('1e2') as number)).toEqual(valueKey(100));
    });

    it('never makes a number equal to a numeric string or a boolean', () => {
      expect(valueKey('1')).toEqual({ column: 'text_value', key: '1' });
      expect(valueKey(true)).toEqual({ column: 'bool_value', key: 1 });
      expect(valueKey(1)).toEqual({ column: 'num_value', key: 1 });
    });

    it('matches null by its type', () => {
      expect(valueKey(null)).toEqual({ column: 'value_type', key: 'null' });
    });

    it('compares arrays and objects as canonical JSON', () => {
      expect(valueKey({ a: 1, b: [1, { d: 2, c: 1 }] })).toEqual(valueKey({ b: [1, { c: 1, d: 2 }], a: 1 }));
      expect(valueKey([1, 2])).not.toEqual(valueKey([2, 1]));
      expect(valueKey([1.0])).toEqual({ column: 'json_value', key: '[1]' });
    });

    it('agrees with the stored encoding for every type', () => {
      for (const value of [0, -3.5, 'text', '', true, false, null, [], {}, [null], { x: 'y' }, 'z'.repeat(600)] as ResultJsonValue[]) {
        const stored = encodeValue(value);
        const { column, key } = valueKey(value);
        expect(stored[STORED_PROPERTY[column]]).toEqual(key);
      }
    });
  });

  describe('canonicalJson', () => {
    it('sorts keys at every level and keeps array order', () => {
      expect(canonicalJson({ z: { y: 1, x: [3, { b: 1, a: 2 }] }, a: null })).toBe('{"a":null,"z":{"x":[3,{"a":2,"b":1}],"y":1}}');
    });

    it('renders nested infinities as null, as JSON.stringify does', () => {
      expect(canonicalJson([Number.POSITIVE_INFINITY, { a: Number.NaN }])).toBe('[null,{"a":null}]');
    });

    it('escapes keys and strings', () => {
      expect(canonicalJson({ 'a"b': 'c\nd' })).toBe('{"a\\"b":"c\\nd"}');
    });
  });

  describe('inferSchema', () => {
    it('records the JSON type of each value and nothing else', () => {
      expect(inferSchema({ n: 3, s: 'x', b: false, a: [], o: {}, z: null })).toEqual({
        n: { type: 'number', units: null, description: null, min: null, max: null, default: null },
        s: { type: 'string', units: null, description: null, min: null, max: null, default: null },
        b: { type: 'boolean', units: null, description: null, min: null, max: null, default: null },
        a: { type: 'array', units: null, description: null, min: null, max: null, default: null },
        o: { type: 'object', units: null, description: null, min: null, max: null, default: null },
        z: { type: 'null', units: null, description: null, min: null, max: null, default: null },
      });
    });

    it('calls an integer a number (the contract names no integer type)', () => {
      expect(inferSchema({ n: 100 })['n'].type).toBe('number');
    });
  });
});
