import { describe, expect, it } from 'vitest';
import type { SearchHit } from '../../api/types';
import {
  axisData,
  axisProblem,
  boxFilters,
  insideIntervals,
  intervalFilters,
  parallelData,
  paramKind,
  pointTooltip,
  roundBound,
  scatterData,
} from './plot-data';
import type { ParamRef } from './results-state';

const hit = (id: string, input: Record<string, unknown>, output: Record<string, unknown> = {}): SearchHit => ({
  execution_id: id,
  simulation_name: 's',
  simulation_version: '1',
  squid_id: null,
  input_params: input,
  output_params: output,
  status: 'completed',
  created_at: '2026-11-20T10:00:00.000000',
  completed_at: null,
  duration_seconds: null,
});

const length: ParamRef = { cls: 'input', name: 'length' };
const solver: ParamRef = { cls: 'input', name: 'solver' };
const fast: ParamRef = { cls: 'input', name: 'fast' };
const energy: ParamRef = { cls: 'output', name: 'energy' };
const hits = [
  hit('a', { length: 1, solver: 'cg', fast: true }, { energy: 10 }),
  hit('b', { length: 2, solver: 'gmres', fast: false }, { energy: -5 }),
  hit('c', { length: 3, solver: 'cg', fast: true }, { energy: 30 }),
  hit('d', { solver: 'jacobi' }, { energy: 7 }),
];

describe('plot data', () => {
  it('tells numbers from categories by the schema, else by the values', () => {
    expect(paramKind(hits, length)).toBe('number');
    expect(paramKind(hits, solver)).toBe('category');
    expect(paramKind(hits, fast)).toBe('category');
    expect(paramKind(hits, { cls: 'input', name: 'missing' })).toBe('none');
    expect(paramKind(hits, solver, 'Number')).toBe('number');
  });

  it('plots text as categories on an axis, in order, and explains an axis without values', () => {
    const x = axisData(hits, solver, 'string', false);
    expect(x.categories).toEqual(['cg', 'gmres', 'jacobi']);
    const data = scatterData(hits, x, axisData(hits, energy, 'number', false));
    expect(data.series).toEqual([
      {
        name: 'runs',
        points: [
          [0, 10],
          [1, -5],
          [0, 30],
          [2, 7],
        ],
        ids: ['a', 'b', 'c', 'd'],
      },
    ]);
    expect(axisProblem(axisData(hits, { cls: 'output', name: 'nothing' }, undefined, false), 'Y')).toBe('No run has a value of nothing.');
    expect(axisProblem(x, 'X')).toBeUndefined();
  });

  it('colours by a number as a third coordinate over its range', () => {
    const data = scatterData(
      hits,
      axisData(hits, length, undefined, false),
      axisData(hits, energy, undefined, false),
      axisData(hits, energy, undefined, false),
    );
    expect(data.color).toEqual({ kind: 'scale', min: -5, max: 30 });
    expect(data.series[0].points).toEqual([
      [1, 10, 10],
      [2, -5, -5],
      [3, 30, 30],
    ]);
    expect(data.leftOut).toBe(1);
  });

  it('colours by text or booleans as one series per value, for a legend', () => {
    const data = scatterData(
      hits,
      axisData(hits, length, undefined, false),
      axisData(hits, energy, undefined, false),
      axisData(hits, fast, undefined, false),
    );
    expect(data.color).toEqual({ kind: 'categories' });
    expect(data.series.map((s) => [s.name, s.ids])).toEqual([
      ['false', ['b']],
      ['true', ['a', 'c']],
    ]);
  });

  it("names a point's run and its plotted values in its tooltip", () => {
    const x = axisData(hits, solver, 'string', false);
    const y = axisData(hits, energy, 'number', false);
    const byNumber = axisData(hits, length, 'number', false);
    const scaled = scatterData(hits, x, y, byNumber);
    const series = scaled.series.findIndex((s) => s.ids.includes('c'));
    const index = scaled.series[series].ids.indexOf('c');
    const value = scaled.series[series].points[index];
    expect(pointTooltip(scaled, { x, y, color: byNumber }, { seriesIndex: series, dataIndex: index, value })).toBe(
      'c\nsolver: cg\nenergy: 30\nlength: 3',
    );
    const byText = axisData(hits, fast, 'boolean', false);
    const grouped = scatterData(hits, byNumber, y, byText);
    const group = grouped.series.findIndex((s) => s.ids.includes('b'));
    const point = { seriesIndex: group, dataIndex: grouped.series[group].ids.indexOf('b'), value: [2, -5] };
    expect(pointTooltip(grouped, { x: byNumber, y, color: byText }, point)).toBe('b\nlength: 2\nenergy: -5\nfast: false');
  });

  it('leaves values ≤ 0 off a log axis and counts them', () => {
    const data = scatterData(hits, axisData(hits, length, undefined, false), axisData(hits, energy, undefined, true));
    expect(data.series[0].ids).toEqual(['a', 'c']);
    expect(data.leftOut).toBe(2);
  });

  it('turns a box into ≥ and ≤ filters, replacing range filters on those parameters only', () => {
    const x = axisData(hits, length, undefined, false);
    const y = axisData(hits, solver, undefined, false);
    const filters = boxFilters(
      [
        { ...length, op: 'gt', value: '0' },
        { ...length, op: 'ne', value: '2' },
        { ...energy, op: 'lt', value: '100' },
      ],
      [
        { axis: x, from: 2.7182818, to: 1.1234567 },
        { axis: y, from: 0, to: 1 },
      ],
    );
    expect(filters).toEqual([
      { ...length, op: 'ne', value: '2' },
      { ...energy, op: 'lt', value: '100' },
      { ...length, op: 'gte', value: '1.12345' },
      { ...length, op: 'lte', value: '2.71829' },
    ]);
    expect(roundBound(-0.001234567, 'down')).toBe(-0.00123457);
    expect(roundBound(0, 'up')).toBe(0);
  });

  it('draws a line per run with a value on every axis, and counts the runs inside brushed intervals', () => {
    const axes = [axisData(hits, length, undefined, false), axisData(hits, solver, undefined, false)];
    const data = parallelData(hits, axes);
    expect(data.rows).toEqual([
      [1, 0],
      [2, 1],
      [3, 0],
    ]);
    expect(data.leftOut).toBe(1);
    expect(insideIntervals(data.rows, new Map([[0, [[1.5, 3.5]]]]))).toBe(2);
    expect(
      insideIntervals(
        data.rows,
        new Map([
          [0, [[1.5, 3.5]]],
          [1, [[0, 0.4]]],
        ]),
      ),
    ).toBe(1);
    expect(insideIntervals(data.rows, new Map())).toBe(3);
    expect(
      intervalFilters(
        [],
        axes,
        new Map([
          [0, [[1.5, 3.5]]],
          [
            1,
            [
              [-0.2, 0.4],
              [1.8, 2.1],
            ],
          ],
        ]),
      ),
    ).toEqual([
      { ...length, op: 'gte', value: '1.5' },
      { ...length, op: 'lte', value: '3.5' },
      { ...solver, op: 'in', value: 'cg,jacobi' },
    ]);
  });
});
