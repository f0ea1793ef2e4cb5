import { describe, expect, it } from 'vitest';
import type { Result } from '../../api/types';
import { compareLink, compareRows, compareStateToParams, numericRows, parseCompareState } from './compare-state';

const run = (id: string, inputs: Record<string, unknown>, outputs: Record<string, unknown>, status = 'completed'): Result =>
  ({
    id: 1,
    execution_id: id,
    simulation_name: 'heat-1d',
    simulation_version: '1.1.0',
    squid_id: null,
    status,
    duration_seconds: 2,
    input_params: inputs,
    output_params: outputs,
    schema: { inputs: { length: { type: 'number', units: 'm', description: null, min: null, max: null, default: null } }, outputs: {} },
    run_db_path: null,
    metadata: null,
    created_at: '2026-11-20T10:00:00.000000',
    completed_at: null,
    schema_id: null,
  }) satisfies Result;

describe('compare view', () => {
  it('keeps the runs and the differences switch in the URL', () => {
    const state = { simulation: 'heat-1d', runs: ['a', 'b'], onlyDifferences: true };
    expect(parseCompareState(compareStateToParams(state))).toEqual(state);
    expect(compareLink('heat-1d', ['a', 'b'])).toBe('/compare?sim=heat-1d&run=a&run=b');
    expect(parseCompareState(new URLSearchParams('run=a&run=a&run=&diff=yes'))).toEqual({
      simulation: '',
      runs: ['a'],
      onlyDifferences: false,
    });
  });

  it('lines up every value of the runs and marks the differing ones', () => {
    const rows = compareRows([
      run('a', { length: 1, solver: 'cg' }, { energy: 10, flag: [1] }),
      run('b', { length: 1, solver: 'gmres' }, { energy: 12, flag: [1] }, 'failed'),
      run('c', { length: 1 }, { energy: 10, flag: [1] }),
    ]);
    expect(rows.map((r) => [r.group, r.name, r.differs])).toEqual([
      ['run', 'version', false],
      ['run', 'status', true],
      ['run', 'duration', false],
      ['input', 'length', false],
      ['input', 'solver', true],
      ['output', 'energy', true],
      ['output', 'flag', false],
    ]);
    expect(rows[3].units).toBe('m');
    expect(rows[4].values).toEqual(['cg', 'gmres', undefined]);
    expect(numericRows(rows).map((r) => r.name)).toEqual(['length', 'energy']);
  });
});
