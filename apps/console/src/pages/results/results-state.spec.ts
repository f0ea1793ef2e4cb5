import { describe, expect, it } from 'vitest';
import {
  changeView,
  EMPTY_VIEW,
  formatFilter,
  inValues,
  parseFilter,
  parseResultsState,
  resultsStateToParams,
  selectRange,
  type ResultsViewState,
} from './results-state';

const view = (overrides: Partial<ResultsViewState> = {}): ResultsViewState => ({ ...EMPTY_VIEW, simulation: 'heat-1d', ...overrides });

describe('results view state in the URL', () => {
  it('round-trips every part of the view', () => {
    const state = view({
      version: '1.1.0',
      status: 'completed',
      filters: [
        { cls: 'input', name: 'length', op: 'gte', value: '1.5' },
        { cls: 'output', name: 'mode', op: 'ne', value: 'fast:and:loose' },
        { cls: 'input', name: 'solver', op: 'in', value: 'cg,gmres' },
      ],
      plot: 'parallel',
      x: { cls: 'input', name: 'length' },
      y: { cls: 'output', name: 'max_temperature' },
      color: { cls: 'input', name: 'solver' },
      logX: true,
      logY: true,
      axes: [
        { cls: 'input', name: 'length' },
        { cls: 'output', name: 'energy' },
      ],
      sort: { field: 'duration_seconds' },
      descending: true,
      at: 'eyJ2IjoxfQ.c2ln',
      columns: [{ field: 'status' }, { cls: 'output', name: 'energy' }],
      selected: ['heat-0001', 'heat-0002'],
    });
    expect(parseResultsState(resultsStateToParams(state))).toEqual(state);
    expect(parseResultsState(resultsStateToParams(view({ sort: { cls: 'output', name: 'energy' } }))).sort).toEqual({
      cls: 'output',
      name: 'energy',
    });
  });

  it('writes a readable query string and leaves defaults out', () => {
    expect(resultsStateToParams(view()).toString()).toBe('sim=heat-1d');
    expect(
      resultsStateToParams(
        view({ filters: [{ cls: 'input', name: 'length', op: 'lt', value: '5' }], logY: true, selected: ['a'] }),
      ).toString(),
    ).toBe('sim=heat-1d&f=input%3Alength%3Alt%3A5&log=y&sel=a');
  });

  it('keeps colons in parameter names and values apart', () => {
    const filter = { cls: 'input' as const, name: 'a:b', op: 'eq' as const, value: 'c:d' };
    expect(formatFilter(filter)).toBe('input:a%3Ab:eq:c:d');
    expect(parseFilter(formatFilter(filter))).toEqual(filter);
  });

  it('ignores what it cannot read instead of failing the page', () => {
    const state = parseResultsState(
      new URLSearchParams('sim=x&f=bogus&f=input:len:like:3&f=input:%25E0:eq:1&x=nothing&plot=pie&sort=created&col=nope&sel='),
    );
    expect(state).toEqual(view({ simulation: 'x' }));
  });

  it('keeps at most 20 selected runs, each once', () => {
    const ids = Array.from({ length: 25 }, (_, i) => `r${i}`);
    const params = new URLSearchParams([['sim', 's'], ...[...ids, 'r0'].map((id) => ['sel', id])]);
    expect(parseResultsState(params).selected).toEqual(ids.slice(0, 20));
  });

  it('reads an empty value as a filter on the empty text, and `in` values split by commas', () => {
    expect(parseFilter('output:label:eq:')).toEqual({ cls: 'output', name: 'label', op: 'eq', value: '' });
    expect(parseFilter('input:solver:in:cg,gmres')).toEqual({ cls: 'input', name: 'solver', op: 'in', value: 'cg,gmres' });
    expect(inValues(' cg, ,gmres ,')).toEqual(['cg', 'gmres']);
  });

  it('goes back to the first page when the runs or their order change, not when the plot does', () => {
    const paged = view({ at: 'cursor' });
    expect(changeView(paged, { filters: [] }).at).toBeUndefined();
    expect(changeView(paged, { sort: { field: 'status' } }).at).toBeUndefined();
    expect(changeView(paged, { status: 'failed' }).at).toBeUndefined();
    expect(changeView(paged, { x: { cls: 'input', name: 'length' } }).at).toBe('cursor');
    expect(changeView(paged, { at: 'next' }).at).toBe('next');
  });

  it('selects a range with shift-click, on or off, within the limit', () => {
    const order = ['a', 'b', 'c', 'd', 'e'];
    expect(selectRange([], order, 'b', 'd', true)).toEqual(['b', 'c', 'd']);
    expect(selectRange(['a', 'b', 'c', 'd'], order, 'd', 'b', false)).toEqual(['a']);
    expect(selectRange(['x'], order, undefined, 'c', true)).toEqual(['x', 'c']);
    expect(selectRange(['x'], order, 'gone', 'c', true)).toEqual(['x', 'c']);
    const many = Array.from({ length: 30 }, (_, i) => `r${i}`);
    expect(selectRange([], many, 'r0', 'r29', true)).toHaveLength(20);
  });
});
