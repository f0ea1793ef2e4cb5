// `--json FIELDS` (like gh): the JSON output cut down to the named fields. FIELDS is a comma list;
// a name is a dotted path into each item (`schema.inputs`), and in.NAME / out.NAME (also input. /
// output.) name a parameter of a result's input_params / output_params.
import { UsageError } from './usage-error';

const FIELD_LIST = /^[^-\s][^\s]*,[^\s]*$/;

/**
 * `--json=F,G` and `--json F,G` (a comma list right after --json) become `--json --json-fields F,G`;
 * a bare `--json` stays as it is, so `simsvc --json whoami` keeps its meaning. One field needs `=`.
 */
export function expandJsonFields(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--') {
      out.push(...argv.slice(i));
      break;
    }
    if (arg.startsWith('--json=')) out.push('--json', '--json-fields', arg.slice('--json='.length));
    else if (arg === '--json' && i + 1 < argv.length && FIELD_LIST.test(argv[i + 1])) out.push('--json', '--json-fields', argv[++i]);
    else out.push(arg);
  }
  return out;
}

export function parseFieldList(text: string): string[] {
  const fields = text
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);
  if (fields.length === 0) throw new UsageError('--json: name at least one field (--json=a,b)');
  return fields;
}

const LIST_KEYS = ['results', 'entries', 'users', 'runs'];

/**
 * The body with only the fields: an array → an array of picked items; an object holding one of
 * the lists above → that list's items picked; any other object → the object picked.
 */
export function pickFields(body: unknown, fields: string[]): unknown {
  const items = itemsOf(body);
  const list = items ?? [body];
  for (const field of fields) {
    if (!list.some((item) => lookup(item, field).found))
      throw new UsageError(`--json: unknown field ${field}${list.length > 0 ? `; the fields are ${available(list[0])}` : ''}`);
  }
  const picked = list.map((item) => Object.fromEntries(fields.map((field) => [field, lookup(item, field).value ?? null])));
  return items ? picked : picked[0];
}

function itemsOf(body: unknown): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (body === null || typeof body !== 'object') return undefined;
  const key = LIST_KEYS.find((name) => Array.isArray((body as Record<string, unknown>)[name]));
  return key ? ((body as Record<string, unknown>)[key] as unknown[]) : undefined;
}

const PARAM_PREFIXES: Record<string, string> = { in: 'input_params', input: 'input_params', out: 'output_params', output: 'output_params' };

function lookup(item: unknown, field: string): { found: boolean; value?: unknown } {
  const [head, ...rest] = field.split('.');
  const record = item as Record<string, unknown> | null;
  const path =
    rest.length > 0 && PARAM_PREFIXES[head] && record && !(head in record) ? [PARAM_PREFIXES[head], rest.join('.')] : field.split('.');
  let value: unknown = item;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !(key in (value as object))) return { found: false };
    value = (value as Record<string, unknown>)[key];
  }
  return { found: true, value };
}

function available(item: unknown): string {
  if (item === null || typeof item !== 'object') return '(none)';
  const record = item as Record<string, unknown>;
  const names = Object.keys(record);
  for (const [prefix, key] of [
    ['in', 'input_params'],
    ['out', 'output_params'],
  ])
    if (record[key] && typeof record[key] === 'object')
      names.push(...Object.keys(record[key] as object).map((name) => `${prefix}.${name}`));
  return names.join(', ');
}
