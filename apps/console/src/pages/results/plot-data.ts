// What the plots draw, from the runs: pure functions, unit-tested. A parameter is plotted as
// numbers when its values are numbers, as categories when they are text or booleans.
import type { SearchHit } from '../../api/types';
import { formatValue } from '../../format';
import { paramKey, type ParamRef, type ResultFilter } from './results-state';
import { valueOf } from './use-result-params';

export type ParamKind = 'number' | 'category' | 'none';

const NUMERIC_TYPES = new Set(['number', 'integer', 'float', 'int', 'real', 'double']);

/** Numbers when the schema says so or every value present is a number; categories for text and booleans. */
export function paramKind(hits: SearchHit[], ref: ParamRef, schemaType?: string): ParamKind {
  if (schemaType && NUMERIC_TYPES.has(schemaType.toLowerCase())) return 'number';
  let numbers = 0;
  let others = 0;
  for (const hit of hits) {
    const value = valueOf(hit, ref);
    if (typeof value === 'number') numbers += 1;
    else if (typeof value === 'string' || typeof value === 'boolean') others += 1;
  }
  if (numbers === 0 && others === 0) return schemaType ? 'category' : 'none';
  return numbers >= others ? 'number' : 'category';
}

/** The sorted distinct text of a category parameter's values (booleans as `true`/`false`). */
export function categoriesOf(hits: SearchHit[], ref: ParamRef): string[] {
  const set = new Set<string>();
  for (const hit of hits) {
    const value = valueOf(hit, ref);
    if (value !== undefined && value !== null && typeof value !== 'object') set.add(String(value));
  }
  return [...set].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
}

export interface AxisData {
  ref: ParamRef;
  kind: ParamKind;
  /** For a category axis, its categories in order (a point's coordinate is the index). */
  categories: string[];
  log: boolean;
}

export function axisData(hits: SearchHit[], ref: ParamRef, schemaType: string | undefined, log: boolean): AxisData {
  const kind = paramKind(hits, ref, schemaType);
  return { ref, kind, categories: kind === 'category' ? categoriesOf(hits, ref) : [], log: log && kind === 'number' };
}

/** A run's coordinate on an axis, or undefined when it cannot be drawn there. */
export function coordinate(axis: AxisData, value: unknown): number | undefined {
  if (axis.kind === 'number') {
    if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
    return axis.log && value <= 0 ? undefined : value;
  }
  if (axis.kind === 'category' && value !== undefined && value !== null && typeof value !== 'object') {
    const index = axis.categories.indexOf(String(value));
    return index < 0 ? undefined : index;
  }
  return undefined;
}

export interface ScatterSeries {
  /** The legend's name: the category, or the parameter plotted. */
  name: string;
  /** [x, y] or, coloured by a number, [x, y, colour]. */
  points: number[][];
  ids: string[];
}

export interface ScatterData {
  series: ScatterSeries[];
  /** How the points are coloured: one colour, a colour scale over [min, max], or a series per category. */
  color: { kind: 'none' } | { kind: 'scale'; min: number; max: number } | { kind: 'categories' };
  plotted: number;
  /** Runs without a drawable x or y (missing, text on a number axis, ≤ 0 on a log axis). */
  leftOut: number;
}

/**
 * Points of y against x, grouped by colour: a numeric colour parameter gives one series with the
 * value as a third coordinate (for a colour scale), a text or boolean one a series per value.
 */
export function scatterData(hits: SearchHit[], x: AxisData, y: AxisData, color?: AxisData): ScatterData {
  const groups = new Map<string, ScatterSeries>();
  let leftOut = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  const byScale = color?.kind === 'number';
  const byCategory = color?.kind === 'category';
  for (const hit of hits) {
    const px = coordinate(x, valueOf(hit, x.ref));
    const py = coordinate(y, valueOf(hit, y.ref));
    if (px === undefined || py === undefined) {
      leftOut += 1;
      continue;
    }
    const point = [px, py];
    let group = 'runs';
    if (color && byScale) {
      const value = valueOf(hit, color.ref);
      if (typeof value === 'number' && Number.isFinite(value)) {
        point.push(value);
        min = Math.min(min, value);
        max = Math.max(max, value);
      } else {
        group = `no ${color.ref.name}`;
      }
    } else if (color && byCategory) {
      const value = valueOf(hit, color.ref);
      group = value === undefined || value === null ? `no ${color.ref.name}` : formatValue(value);
    }
    let series = groups.get(group);
    if (!series) {
      series = { name: group, points: [], ids: [] };
      groups.set(group, series);
    }
    series.points.push(point);
    series.ids.push(hit.execution_id);
  }
  const series = [...groups.values()].sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
  const plotted = series.reduce((sum, s) => sum + s.points.length, 0);
  const colorInfo: ScatterData['color'] = byScale
    ? { kind: 'scale', min: Number.isFinite(min) ? min : 0, max: Number.isFinite(max) ? max : 1 }
    : byCategory
      ? { kind: 'categories' }
      : { kind: 'none' };
  return { series, color: colorInfo, plotted, leftOut };
}

/** A point's tooltip: its run id, the plotted values, and its colour parameter's value. */
export function pointTooltip(
  data: ScatterData,
  axes: { x: AxisData; y: AxisData; color?: AxisData },
  point: { seriesIndex: number; dataIndex: number; value: number[] },
): string {
  const text = (axis: AxisData, value: number) => (axis.kind === 'category' ? (axis.categories[value] ?? '') : formatValue(value));
  const series = data.series[point.seriesIndex];
  const lines = [
    series?.ids[point.dataIndex] ?? '',
    `${axes.x.ref.name}: ${text(axes.x, point.value[0])}`,
    `${axes.y.ref.name}: ${text(axes.y, point.value[1])}`,
  ];
  if (axes.color && data.color.kind === 'scale' && point.value.length > 2)
    lines.push(`${axes.color.ref.name}: ${formatValue(point.value[2])}`);
  if (axes.color && data.color.kind === 'categories') lines.push(`${axes.color.ref.name}: ${series?.name ?? ''}`);
  return lines.join('\n');
}

/** Why an axis shows nothing, in words, or undefined when it can be drawn. */
export function axisProblem(axis: AxisData, role: 'X' | 'Y'): string | undefined {
  if (axis.kind === 'none') return `No run has a value of ${axis.ref.name}.`;
  if (axis.kind === 'category' && axis.categories.length === 0) return `${axis.ref.name} has no values to plot as ${role}.`;
  return undefined;
}

/**
 * A box drawn on the scatter plot as filters: ≥ and ≤ on each numeric axis, replacing the view's
 * range filters (> ≥ < ≤) on those parameters; category axes keep their filters.
 */
export function boxFilters(filters: ResultFilter[], ranges: { axis: AxisData; from: number; to: number }[]): ResultFilter[] {
  const numeric = ranges.filter((range) => range.axis.kind === 'number');
  const replaced = new Set(numeric.map((range) => paramKey(range.axis.ref)));
  const kept = filters.filter((filter) => !(replaced.has(paramKey(filter)) && ['gt', 'gte', 'lt', 'lte'].includes(filter.op)));
  const added = numeric.flatMap(({ axis, from, to }) => [
    { ...axis.ref, op: 'gte' as const, value: String(roundBound(Math.min(from, to), 'down')) },
    { ...axis.ref, op: 'lte' as const, value: String(roundBound(Math.max(from, to), 'up')) },
  ]);
  return [...kept, ...added];
}

/** A bound kept to 6 significant digits, rounded outwards so the points inside the box stay inside. */
export function roundBound(value: number, direction: 'up' | 'down'): number {
  if (value === 0 || !Number.isFinite(value)) return value;
  // Only whole powers of ten (exact up to 10^22): 10 ** -5 is 0.000009999999999999999 on Node 22.
  const exponent = Math.floor(Math.log10(Math.abs(value))) - 5;
  const power = 10 ** Math.abs(exponent);
  const scaled = exponent < 0 ? value * power : value / power;
  const whole = direction === 'up' ? Math.ceil(scaled) : Math.floor(scaled);
  return Number((exponent < 0 ? whole / power : whole * power).toPrecision(6));
}

/** The runs inside every brushed interval of the parallel axes (by axis index). */
export function insideIntervals(rows: number[][], intervals: Map<number, [number, number][]>): number {
  let inside = 0;
  for (const row of rows) {
    let ok = true;
    for (const [axis, ranges] of intervals) {
      if (ranges.length === 0) continue;
      const value = row[axis];
      if (!ranges.some(([a, b]) => value >= Math.min(a, b) && value <= Math.max(a, b))) {
        ok = false;
        break;
      }
    }
    if (ok) inside += 1;
  }
  return inside;
}

export interface ParallelData {
  axes: AxisData[];
  rows: number[][];
  ids: string[];
  leftOut: number;
}

/** One line per run over the axes; a run lacking a value on any axis is left out (and counted). */
export function parallelData(hits: SearchHit[], axes: AxisData[]): ParallelData {
  const rows: number[][] = [];
  const ids: string[] = [];
  let leftOut = 0;
  for (const hit of hits) {
    const row = axes.map((axis) => coordinate(axis, valueOf(hit, axis.ref)));
    if (row.some((value) => value === undefined)) {
      leftOut += 1;
      continue;
    }
    rows.push(row as number[]);
    ids.push(hit.execution_id);
  }
  return { axes, rows, ids, leftOut };
}

/** Brushed intervals of the parallel axes as filters (numeric axes: ≥ and ≤; category axes: `in`). */
export function intervalFilters(filters: ResultFilter[], axes: AxisData[], intervals: Map<number, [number, number][]>): ResultFilter[] {
  let result = filters;
  for (const [index, ranges] of intervals) {
    const axis = axes[index];
    if (!axis || ranges.length === 0) continue;
    if (axis.kind === 'number') {
      const from = Math.min(...ranges.map(([a, b]) => Math.min(a, b)));
      const to = Math.max(...ranges.map(([a, b]) => Math.max(a, b)));
      result = boxFilters(result, [{ axis, from, to }]);
    } else if (axis.kind === 'category') {
      const chosen = axis.categories.filter((_, i) => ranges.some(([a, b]) => i >= Math.min(a, b) && i <= Math.max(a, b)));
      const key = paramKey(axis.ref);
      result = [...result.filter((filter) => paramKey(filter) !== key), { ...axis.ref, op: 'in', value: chosen.join(',') }];
    }
  }
  return result;
}
