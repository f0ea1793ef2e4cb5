import { describe, expect, it } from 'vitest';
import { exactValue, shortDuration, shortTime, shortValue } from './cell-format';
import type { ColumnRef } from './results-state';
import { allColumns, toggleColumn, visibleColumns } from './table-columns';

const params = Array.from({ length: 8 }, (_, i) => ({ cls: i < 5 ? 'input' : 'output', name: `p${i}` }) as const);

describe('runs table columns and cells', () => {
  it('shows the run fields and the first six parameters by default, or the chosen ones', () => {
    const columns = visibleColumns(undefined, params);
    expect(columns.slice(0, 4)).toEqual([
      { field: 'simulation_version' },
      { field: 'status' },
      { field: 'completed_at' },
      { field: 'duration_seconds' },
    ]);
    expect(columns.slice(4)).toEqual(params.slice(0, 6));
    expect(visibleColumns([{ field: 'execution_id' }, { field: 'status' }], params)).toEqual([{ field: 'status' }]);
  });

  it('switches a column on or off, keeping the table order', () => {
    const all = allColumns(params);
    const shown: ColumnRef[] = [{ field: 'status' }, params[3]];
    expect(toggleColumn(shown, all, params[7], true)).toEqual([{ field: 'status' }, params[3], params[7]]);
    expect(toggleColumn(shown, all, { field: 'simulation_version' }, true)[0]).toEqual({ field: 'simulation_version' });
    expect(toggleColumn(shown, all, { field: 'status' }, false)).toEqual([params[3]]);
  });

  it('rounds numbers for reading and keeps the exact value for the tooltip', () => {
    expect(shortValue(373.15123456)).toBe('373.2');
    expect(exactValue(373.15123456)).toBe('373.15123456');
    expect(shortValue(12)).toBe('12');
    expect(exactValue(12)).toBeUndefined();
    expect(shortValue(0.000012345)).toBe('1.234e-5');
    expect(shortValue(123456789.5)).toBe('1.235e+8');
    expect(shortValue('cg')).toBe('cg');
    expect(shortValue(null)).toBe('—');
    expect(shortValue(true)).toBe('true');
  });

  it('shows completion to the second and durations in their unit', () => {
    expect(shortTime('2026-11-22T10:12:05.123000')).toBe('2026-11-22 10:12:05');
    expect(shortTime(null)).toBe('—');
    expect(shortDuration(2.3456)).toBe('2.35 s');
    expect(shortDuration(90)).toBe('1.5 min');
    expect(shortDuration(7200)).toBe('2.0 h');
    expect(shortDuration(null)).toBe('—');
  });
});
