import { MAX_FILTERS_PER_CLASS, MAX_IN_VALUES } from '@simsvc/contracts';
import { parseFilters } from './result-filters';

describe('parseFilters', () => {
  const parse = (raw: unknown) => parseFilters(raw, 'input');
  const conditionsOf = (raw: unknown) => {
    const parsed = parse(raw);
    expect(parsed.errors).toEqual([]);
    return parsed.filters.map((filter) => [filter.name, filter.conditions]);
  };
  const errorsOf = (raw: unknown) => parse(raw).errors;

  it('treats absent and null as no filter', () => {
    expect(parse(undefined)).toEqual({ filters: [], errors: [] });
    expect(parse(null)).toEqual({ filters: [], errors: [] });
    expect(parse({})).toEqual({ filters: [], errors: [] });
  });

  it('reads a bare value as equality, numbers numerically', () => {
    expect(conditionsOf({ length: 1.0, mode: 'fast', on: true, none: null })).toEqual([
      ['length', [{ kind: 'equal', value: { column: 'num_value', key: 1 } }]],
      ['mode', [{ kind: 'equal', value: { column: 'text_value', key: 'fast' } }]],
      ['on', [{ kind: 'equal', value: { column: 'bool_value', key: 1 } }]],
      ['none', [{ kind: 'equal', value: { column: 'value_type', key: 'null' } }]],
    ]);
  });

  it('reads arrays and operator-free objects as values compared as canonical JSON', () => {
    expect(conditionsOf({ grid: [1, 2], point: { y: 2, x: 1 }, empty: {} })).toEqual([
      ['grid', [{ kind: 'equal', value: { column: 'json_value', key: '[1,2]' } }]],
      ['point', [{ kind: 'equal', value: { column: 'json_value', key: '{"x":1,"y":2}' } }]],
      ['empty', [{ kind: 'equal', value: { column: 'json_value', key: '{}' } }]],
    ]);
  });

  it('reads every operator', () => {
    expect(conditionsOf({ x: { $eq: 2, $ne: 3, $gt: 1, $gte: 1.5, $lt: 9, $lte: 8, $in: [2, 'two'] } })).toEqual([
      [
        'x',
        [
          { kind: 'equal', value: { column: 'num_value', key: 2 } },
          { kind: 'notEqual', value: { column: 'num_value', key: 3 } },
          { kind: 'range', operator: '>', value: 1 },
          { kind: 'range', operator: '>=', value: 1.5 },
          { kind: 'range', operator: '<', value: 9 },
          { kind: 'range', operator: '<=', value: 8 },
          {
            kind: 'in',
            values: [
              { column: 'num_value', key: 2 },
              { column: 'text_value', key: 'two' },
            ],
          },
        ],
      ],
    ]);
  });

  it('lets $eq match an object that has $ keys', () => {
    expect(conditionsOf({ doc: { $eq: { $gt: 1 } } })).toEqual([
      ['doc', [{ kind: 'equal', value: { column: 'json_value', key: '{"$gt":1}' } }]],
    ]);
  });

  it('accepts an empty $in (which matches nothing)', () => {
    expect(conditionsOf({ x: { $in: [] } })).toEqual([['x', [{ kind: 'in', values: [] }]]]);
  });

  describe('malformed conditions', () => {
    it('names an unknown operator', () => {
      expect(errorsOf({ x: { $regex: 'a' } })).toEqual([
        'input_filters.x has unknown operator $regex; use $eq, $ne, $gt, $gte, $lt, $lte or $in',
      ]);
    });

    it('refuses operators mixed with field names', () => {
      expect(errorsOf({ x: { $gt: 1, unit: 'm' } })).toEqual([
        'input_filters.x mixes operators with the field unit; use {"$eq": {...}} to match an object',
      ]);
    });

    it('refuses $in without an array', () => {
      expect(errorsOf({ x: { $in: 3 } })).toEqual(['input_filters.x.$in must be an array']);
      expect(errorsOf({ x: { $in: { a: 1 } } })).toEqual(['input_filters.x.$in must be an array']);
    });

    it.each([
      ['$gt', 'a'],
      ['$gte', true],
      ['$lt', null],
      ['$lte', { a: 1 }],
      ['$gt', [1]],
    ])('refuses %s with %j: ranges need a number', (operator, operand) => {
      expect(errorsOf({ x: { [operator]: operand } })).toEqual([`input_filters.x.${operator} must be a number`]);
    });

    it('refuses more than the limits', () => {
      const many = Object.fromEntries(Array.from({ length: MAX_FILTERS_PER_CLASS + 1 }, (_, i) => [`p${i}`, i]));
      expect(errorsOf(many)).toEqual([`input_filters must have at most ${MAX_FILTERS_PER_CLASS} conditions`]);
      expect(errorsOf({ x: { $in: Array.from({ length: MAX_IN_VALUES + 1 }, (_, i) => i) } })).toEqual([
        `input_filters.x.$in must have at most ${MAX_IN_VALUES} values`,
      ]);
    });

    it('refuses names the store cannot hold', () => {
      expect(errorsOf({ ['n'.repeat(257)]: 1 })).toEqual(['input_filters parameter names must be at most 256 characters']);
      expect(errorsOf({ 'a\u0000': 1 })).toEqual(['input_filters parameter names must not contain U+0000 or unpaired surrogates']);
    });

    it('refuses a filter map that is not an object', () => {
      expect(parseFilters([1], 'output').errors).toEqual(['output_filters must be a JSON object of parameter conditions']);
      expect(parseFilters('x', 'output').errors).toEqual(['output_filters must be a JSON object of parameter conditions']);
    });

    it('reports every malformed condition, not only the first', () => {
      expect(errorsOf({ a: { $foo: 1 }, b: { $in: 1 }, c: 3 })).toHaveLength(2);
    });
  });
});
