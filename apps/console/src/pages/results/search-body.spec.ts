import { describe, expect, it } from 'vitest';
import type { ResultFilter } from './results-state';
import { binCountBody, buildSearchBody, filterProblems, filterValue } from './search-body';

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

  it('counts a histogram bin on top of the filters, the tighter bound winning', () => {
    const base = buildSearchBody('s', [filter({ op: 'gte', value: '3' }), filter({ name: 'mode', value: 'fast' })], types, {
      limit: 50,
      offset: 50,
    });
    expect(binCountBody(base, { cls: 'input', name: 'length' }, 1, 2, false)).toEqual({
      simulation_name: 's',
      input_filters: { length: { $gte: 3, $lt: 2 }, mode: { $eq: 'fast' } },
      limit: 1,
      offset: 0,
    });
    expect(binCountBody(base, { cls: 'output', name: 'max_temperature' }, 300, 400, true).output_filters).toEqual({
      max_temperature: { $gte: 300, $lte: 400 },
    });
    expect(base.input_filters).toEqual({ length: { $gte: 3 }, mode: { $eq: 'fast' } });
  });
});
