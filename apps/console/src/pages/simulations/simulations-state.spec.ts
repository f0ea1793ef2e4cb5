import { describe, expect, it } from 'vitest';
import type { Simulation } from '../../api/types';
import { groupByName, parseSimulationsState, simulationsStateToParams } from './simulations-state';

describe('simulations view state in the URL', () => {
  it('round-trips the search text, tags and page', () => {
    const state = { query: 'heat rod', tags: ['pde', 'heat'], page: 4 };
    expect(simulationsStateToParams(state).toString()).toBe('q=heat+rod&tags=pde%2Cheat&page=4');
    expect(parseSimulationsState(simulationsStateToParams(state))).toEqual(state);
  });

  it('reads a bare URL as the first page of everything', () => {
    expect(parseSimulationsState(new URLSearchParams(''))).toEqual({ query: '', tags: [], page: 1 });
    expect(parseSimulationsState(new URLSearchParams('tags=, ,a,&page=zero'))).toEqual({ query: '', tags: ['a'], page: 1 });
  });

  it('lists each name once, showing its first version (the highest: the service lists them highest first)', () => {
    const sim = (name: string, version: string) => ({ name, version }) as Simulation;
    expect(
      groupByName([sim('a', '2.0.0'), sim('b', '1.0.0'), sim('a', '1.0.0')]).map((g) => [g.name, g.latest.version, g.versions]),
    ).toEqual([
      ['a', '2.0.0', ['2.0.0', '1.0.0']],
      ['b', '1.0.0', ['1.0.0']],
    ]);
  });
});
