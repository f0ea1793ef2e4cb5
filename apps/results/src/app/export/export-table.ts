// What POST /export writes for each run (contract §8), apart from the streaming: the CSV columns
// and cells, the JSON lines and the file name. CSV follows RFC 4180 (csv-stringify: quotes
// around a cell holding a comma, quote, CR or LF, quotes doubled, CRLF between records) and
// defuses formulas: a string cell beginning with = + - @ TAB or CR (or their full-width forms)
// gets a leading single quote, so that a spreadsheet shows it as text instead of evaluating it;
// numbers, negative ones included, are written as numbers.
import { ExportFormat, formatTimestamp, ResultJsonValue } from '@simsvc/contracts';
import { stringify } from 'csv-stringify/sync';
import type { HitRecord } from '../results/result.record';

/** The run columns every export begins with, in this order. */
export const RUN_COLUMNS = ['execution_id', 'simulation_name', 'simulation_version', 'status', 'created_at'] as const;

/** The parameters a CSV export has a column for: every input and output of the matching runs, each sorted by code point. */
export interface ExportColumns {
  inputs: string[];
  outputs: string[];
}

/** One parameter of some run: its class and name. */
export interface ParameterName {
  paramClass: 'input' | 'output';
  name: string;
}

/** The union of parameter names, as columns; parameter sets are result_schemas.parameters (JSON [class, name, type] triples). */
export function exportColumns(parameterSets: readonly string[], names: readonly ParameterName[]): ExportColumns {
  const inputs = new Set<string>();
  const outputs = new Set<string>();
  const add = ({ paramClass, name }: ParameterName) => (paramClass === 'input' ? inputs : outputs).add(name);
  for (const set of parameterSets) {
    for (const [paramClass, name] of JSON.parse(set) as [ParameterName['paramClass'], string, unknown][]) add({ paramClass, name });
  }
  names.forEach(add);
  return { inputs: [...inputs].sort(byCodePoint), outputs: [...outputs].sort(byCodePoint) };
}

/** Strings compared by code point (JavaScript's default sort compares UTF-16 units). */
function byCodePoint(a: string, b: string): number {
  const x = [...a].map((c) => c.codePointAt(0) as number);
  const y = [...b].map((c) => c.codePointAt(0) as number);
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

const CSV_OPTIONS = {
  record_delimiter: 'windows',
  escape_formulas: true,
  cast: { boolean: (value: boolean) => String(value) },
} as const;

/** The header record: run columns, then `in.<name>` for each input and `out.<name>` for each output. */
export function csvHeader(columns: ExportColumns): string {
  return stringify(
    [[...RUN_COLUMNS, ...columns.inputs.map((name) => `in.${name}`), ...columns.outputs.map((name) => `out.${name}`)]],
    CSV_OPTIONS,
  );
}

/**
 * Records of runs. A cell is empty for a run lacking the parameter and for a null value; arrays and
 * objects are their JSON text.
 */
export function csvRecords(hits: readonly HitRecord[], columns: ExportColumns): string {
  const records = hits.map((hit) => {
    const inputs = JSON.parse(hit.inputParams) as Record<string, ResultJsonValue>;
    const outputs = JSON.parse(hit.outputParams) as Record<string, ResultJsonValue>;
    return [...runCells(hit), ...columns.inputs.map((name) => cell(inputs, name)), ...columns.outputs.map((name) => cell(outputs, name))];
  });
  return stringify(records, CSV_OPTIONS);
}

function runCells(hit: HitRecord): string[] {
  return [hit.executionId, hit.simulationName, hit.simulationVersion, hit.status, formatTimestamp(Number(hit.createdAt))];
}

function cell(values: Record<string, ResultJsonValue>, name: string): unknown {
  if (!Object.hasOwn(values, name)) return null;
  const value = values[name];
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
}

/** One JSON object per line: the run columns, then input_params and output_params whole. */
export function jsonLines(hits: readonly HitRecord[]): string {
  return hits
    .map((hit) => {
      const [execution_id, simulation_name, simulation_version, status, created_at] = runCells(hit);
      // The stored JSON text is spliced in as it is: it was written by this service, so it parses.
      const run = JSON.stringify({ execution_id, simulation_name, simulation_version, status, created_at });
      return `${run.slice(0, -1)},"input_params":${hit.inputParams},"output_params":${hit.outputParams}}\n`;
    })
    .join('');
}

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  jsonl: 'application/x-ndjson; charset=utf-8',
};

/** `<simulation>-<YYYY-MM-DD>.<format>` (`results-…` across simulations); characters a file name may not safely hold become `_`. */
export function exportFileName(simulationName: string | undefined, format: ExportFormat, now: Date): string {
  const stem = (simulationName ?? 'results').replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_');
  return `${stem}-${now.toISOString().slice(0, 10)}.${format}`;
}
