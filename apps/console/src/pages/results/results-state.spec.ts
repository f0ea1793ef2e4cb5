import { describe, expect, it } from 'vitest';
import { formatFilter, parseFilter, parseResultsState, resultsStateToParams, type ResultsViewState } from './results-state';

const view = (overrides: Partial<ResultsViewState> = {}): ResultsViewState => ({
  simulation: 'heat-1d',
  filters: [],
  descending: false,
  page: 1,
  ...overrides,
});

describe('results view state in the URL', () => {
  it('round-trips every part of the view', () => {
    const state = view({
      filters: [
        { cls: 'input', name: 'length', op: 'gte', value: '1.5' },
        { cls: 'output', name: 'mode', op: 'ne', value: 'fast:and:loose' },
      ],
      x: { cls: 'input', name: 'length' },
      y: { cls: 'output', name: 'max_temperature' },
      sort: { cls: 'output', name: 'energy' },
      descending: true,
      page: 3,
    });
    expect(parseResultsState(resultsStateToParams(state))).toEqual(state);
  });

  it('writes a readable query string and leaves defaults out', () => {
    expect(resultsStateToParams(view()).toString()).toBe('sim=heat-1d');
    expect(resultsStateToParams(view({ filters: [{ cls: 'input', name: 'length', op: 'lt', value: '5' }], page: 2 })).toString()).toBe(
      'sim=heat-1d&f=input%3Alength%3Alt%3A5&page=2',
    );
  });

  it('keeps colons in parameter names and values apart', () => {
    const filter = { cls: 'input' as const, name: 'a:b', op: 'eq' as const, value: 'c:d' };
    expect(formatFilter(filter)).toBe('input:a%3Ab:eq:c:d');
    expect(parseFilter(formatFilter(filter))).toEqual(filter);
  });

  it('ignores what it cannot read instead of failing the page', () => {
    const state = parseResultsState(new URLSearchParams('sim=x&f=bogus&f=input:len:like:3&f=input:%25E0:eq:1&x=nothing&page=-2'));
    expect(state).toEqual(view({ simulation: 'x' }));
  });

  it('reads an empty value as a filter on the empty text', () => {
    expect(parseFilter('output:label:eq:')).toEqual({ cls: 'output', name: 'label', op: 'eq', value: '' });
  });
});
