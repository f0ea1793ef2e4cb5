// What commands print: aligned tables for people (cli-table3 without borders), or with --json
// exactly the service's JSON, one document.
import Table from 'cli-table3';

export interface Output {
  json: boolean;
  /** Prints the service's body as one JSON document. */
  document(body: unknown): void;
  line(text?: string): void;
  table(head: string[], rows: unknown[][]): void;
  /** Field / value rows of one object. */
  record(body: Record<string, unknown>, fields?: string[]): void;
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

export function createOutput(json: boolean, write: (text: string) => void = (text) => process.stdout.write(text)): Output {
  return {
    json,
    document(body) {
      write(`${JSON.stringify(body, null, 2)}\n`);
    },
    line(text = '') {
      write(`${text}\n`);
    },
    table(head, rows) {
      write(`${renderTable(head, rows)}\n`);
    },
    record(body, fields = Object.keys(body)) {
      write(
        `${renderTable(
          [],
          fields.map((field) => [field, body[field]]),
        )}\n`,
      );
    },
  };
}

export function renderTable(head: string[], rows: unknown[][]): string {
  const table = new Table({ head, chars: PLAIN, style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 } });
  for (const row of rows) table.push(row.map(cell));
  return table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n');
}

/** A value as one cell: text as is, null as empty, anything else as compact JSON. */
export function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** `k=v k=v`, values as compact JSON (strings bare), cut at max characters. */
export function params(values: Record<string, unknown> | undefined, max = 60): string {
  const text = Object.entries(values ?? {})
    .map(([name, value]) => `${name}=${cell(value)}`)
    .join(' ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
