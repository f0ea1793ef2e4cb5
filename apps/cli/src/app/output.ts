// What commands print: aligned tables for people (cli-table3 without borders) fitted to the
// terminal's width, numbers rounded for display unless --exact; or with --json the service's
// JSON, one document (only the named fields with --json FIELDS).
import Table from 'cli-table3';
import { pickFields } from './json-fields';

export interface OutputOptions {
  json?: boolean;
  /** --json FIELDS: only these fields of each item. */
  fields?: string[];
  /** --exact: numbers as stored instead of rounded. */
  exact?: boolean;
  /** Columns to fit tables into; undefined: no limit (not a terminal, no COLUMNS). */
  width?: number;
  write?: (text: string) => void;
}

export interface Output {
  json: boolean;
  /** Prints the service's body as one JSON document. */
  document(body: unknown): void;
  line(text?: string): void;
  table(head: string[], rows: unknown[][]): void;
  /** Field / value rows of one object. */
  record(body: Record<string, unknown>, fields?: string[]): void;
  /** A value as table text: rounded numbers unless --exact. */
  cell(value: unknown): string;
  /** `k=v k=v` of a parameter object, values as cells. */
  params(values: Record<string, unknown> | undefined): string;
}

const PLAIN = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: '  ',
};

const GAP = 2;
const MIN_COLUMN = 8;
const SIGNIFICANT_DIGITS = 6;

/** The terminal's width: stdout's columns on a terminal, else $COLUMNS, else none. */
export function terminalWidth(stream: { isTTY?: boolean; columns?: number } = process.stdout, env = process.env): number | undefined {
  if (stream.isTTY && stream.columns) return stream.columns;
  const columns = Number(env['COLUMNS']);
  return Number.isInteger(columns) && columns > 0 ? columns : undefined;
}

export function createOutput(options: OutputOptions = {}): Output {
  const write = options.write ?? ((text: string) => process.stdout.write(text));
  const cell = (value: unknown) => formatCell(value, Boolean(options.exact));
  return {
    json: Boolean(options.json),
    document(body) {
      const shown = options.fields ? pickFields(body, options.fields) : body;
      write(`${JSON.stringify(shown, null, 2)}\n`);
    },
    line(text = '') {
      write(`${text}\n`);
    },
    table(head, rows) {
      write(
        `${renderTable(
          head,
          rows.map((row) => row.map(cell)),
          options.width,
        )}\n`,
      );
    },
    record(body, fields = Object.keys(body)) {
      write(
        `${renderTable(
          [],
          fields.map((field) => [field, cell(body[field])]),
          options.width,
        )}\n`,
      );
    },
    cell,
    params(values) {
      return Object.entries(values ?? {})
        .map(([name, value]) => `${name}=${cell(value)}`)
        .join(' ');
    },
  };
}

/** Text cells as a table; with a width, the widest columns are cut (with …) until the table fits. */
export function renderTable(head: string[], rows: string[][], width?: number): string {
  const columns = Math.max(head.length, ...rows.map((row) => row.length));
  const widths = Array.from({ length: columns }, (_, i) => Math.max(head[i]?.length ?? 0, ...rows.map((row) => row[i]?.length ?? 0)));
  if (width !== undefined) {
    const total = () => widths.reduce((sum, w) => sum + w, 0) + GAP * (columns - 1);
    while (total() > width) {
      const widest = widths.indexOf(Math.max(...widths));
      if (widths[widest] <= MIN_COLUMN) break;
      widths[widest] = Math.max(MIN_COLUMN, widths[widest] - (total() - width));
    }
  }
  const fit = (text: string, i: number) => (text.length > widths[i] ? `${text.slice(0, widths[i] - 1)}…` : text);
  const table = new Table({
    head: head.map(fit),
    chars: PLAIN,
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
  });
  for (const row of rows) table.push(row.map(fit));
  return table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n');
}

/** A value as one cell: text as is (one line), null as empty, a number rounded, anything else as compact JSON. */
export function formatCell(value: unknown, exact = false): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.replace(/\s*\n\s*/g, ' ');
  if (typeof value === 'number' && !exact) return roundForDisplay(value);
  return JSON.stringify(value);
}

/** 6 significant digits, no trailing zeros: 0.1 + 0.2 → 0.3, 123456.789 → 123457, 1e-9 stays 1e-9. */
export function roundForDisplay(value: number): string {
  if (!Number.isFinite(value) || Number.isInteger(value)) return String(value);
  return String(Number(value.toPrecision(SIGNIFICANT_DIGITS)));
}

/** The old cell, for text comparisons (sorting by timestamps). */
export function cell(value: unknown): string {
  return formatCell(value, true);
}
