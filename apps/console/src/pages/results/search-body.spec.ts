import { describe, expect, it } from 'vitest';
import type { ResultFilter } from './results-state';
import { aggregateBody, buildSearchBody, filterProblems, filterValue, orderBy } from './search-body';

const types = { input: { length: 'number', mode: 'string', steps: 'Integer', fast: 'boolean' }, output: { max_temperature: 'number' } };
const filter = (overrides: Partial<ResultFilter>): ResultFilter => ({ cls: 'input', name: 'length', op: 'eq', value: '1', ...overrides });

describe('filters → POST /search body', () => {
  it('maps each operator to the service operator, grouped by input and output', () => {
    const body = buildSearchBody(
      'heat-1d',
      [
        filter({ op: 'gte', value: '1' }),
        filter({ op: 'lt', value: '5' }),
        filter({ name: 'mode', op: 'ne', value: 'slow' }),
        filter({ cls: 'output', name: 'max_temperature', op: 'gt', value: '350.5' }),
        filter({ cls: 'output', name: 'max_temperature', op: 'lte', value: '1e3' }),
      ],
      types,
      { limit: 50, offset: 100 },
    );
    expect(body).toEqual({
      simulation_name: 'heat-1d',
      input_filters: { length: { $gte: 1, $lt: 5 }, mode: { $ne: 'slow' } },
      output_filters: { max_temperature: { $gt: 350.5, $lte: 1000 } },
      limit: 50,
      offset: 100,
    });
  });

  it('sends no filter objects when there are no filters', () => {
    expect(buildSearchBody('heat-1d', [], types, { limit: 1000, offset: 0 })).toEqual({
      simulation_name: 'heat-1d',
      limit: 1000,
      offset: 0,
    });
  });

  it('types equality values by the schema: numbers, booleans, text', () => {
    expect(filterValue(filter({ value: '2.5' }), 'number')).toBe(2.5);
    expect(filterValue(filter({ name: 'steps', value: '10' }), 'Integer')).toBe(10);
    expect(filterValue(filter({ name: 'mode', value: '10' }), 'string')).toBe('10');
    expect(filterValue(filter({ name: 'fast', value: 'true' }), 'boolean')).toBe(true);
    expect(filterValue(filter({ name: 'fast', op: 'ne', value: 'false' }), 'boolean')).toBe(false);
    expect(filterValue(filter({ value: '2.5' }), undefined)).toBe(2.5);
    expect(filterValue(filter({ value: 'fast' }), undefined)).toBe('fast');
  });

  it('leaves out filters the service would refuse and names the problem', () => {
    const filters = [
      filter({ op: 'gt', value: 'big' }),
      filter({ op: 'lt', value: '' }),
      filter({ name: '', value: '1' }),
      filter({ op: 'eq', value: 'x' }),
    ];
    expect([...filterProblems(filters).entries()]).toEqual([
      [0, 'needs a number'],
      [1, 'needs a number'],
      [2, 'pick a parameter'],
    ]);
    expect(buildSearchBody('s', filters, types, { limit: 1, offset: 0 }).input_filters).toEqual({ length: { $eq: 'x' } });
  });

  it('sends `in` as an array of values typed by the schema, and refuses an empty one', () => {
    expect(filterValue(filter({ op: 'in', value: '1, 2.5' }), 'number')).toEqual([1, 2.5]);
    expect(filterValue(filter({ name: 'mode', op: 'in', value: 'cg,10' }), 'string')).toEqual(['cg', '10']);
    expect(filterValue(filter({ name: 'fast', op: 'in', value: 'true' }), 'boolean')).toEqual([true]);
    expect([...filterProblems([filter({ op: 'in', value: ' , ' })]).values()]).toEqual(['needs a value']);
  });

  it('adds the version and status, and pages by cursor instead of offset', () => {
    expect(buildSearchBody('s', [], types, { limit: 50, cursor: 'abc' }, { version: '1.1.0', status: 'failed' })).toEqual({
      simulation_name: 's',
      simulation_version: '1.1.0',
      status: 'failed',
      limit: 50,
      cursor: 'abc',
    });
  });

  it('sorts by a run field or a parameter, or leaves the service order', () => {
    expect(orderBy(undefined, true)).toBeUndefined();
    expect(orderBy({ field: 'completed_at' }, true)).toEqual([{ field: 'completed_at', direction: 'desc' }]);
    expect(orderBy({ cls: 'output', name: 'energy' }, false)).toEqual([{ class: 'output', name: 'energy', direction: 'asc' }]);
  });

  it("builds one aggregate over the search's runs: figures, the histogram and text values", () => {
    const search = buildSearchBody('s', [filter({ op: 'gte', value: '3' })], types, { limit: 50, cursor: 'c' }, { status: 'completed' });
    search.order_by = [{ field: 'status', direction: 'asc' }];
    expect(
      aggregateBody(search, [{ cls: 'input', name: 'length' }], {
        histogram: { param: { cls: 'input', name: 'length' }, bins: 12, log: true },
      }),
    ).toEqual({
      simulation_name: 's',
      status: 'completed',
      input_filters: { length: { $gte: 3 } },
      params: [{ class: 'input', name: 'length' }],
      histogram: { class: 'input', name: 'length', bins: 12, scale: 'log' },
    });
    expect(aggregateBody({ simulation_name: 's', limit: 1 }, [], { values: { cls: 'input', name: 'mode' } })).toEqual({
      simulation_name: 's',
      params: [],
      values: { class: 'input', name: 'mode' },
    });
  });
});
