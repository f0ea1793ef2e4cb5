// Service output for people: each line prefixed with its service, pino JSON lines pretty-printed
// as `HH:MM:SS level msg (req id)`, colors only on a terminal (NO_COLOR / FORCE_COLOR honoured).
// Request lines (one per request, observeRequests in libs/platform) are left out unless asked for
// (`npm start -- --access-log`), except those of a 5xx: a server fault is always shown.

const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
type Color = 'reset' | 'bold' | 'dim' | 'red' | 'green' | 'yellow' | 'blue' | 'magenta' | 'cyan';

const CODES: Record<Color, number> = { reset: 0, bold: 1, dim: 2, red: 31, green: 32, yellow: 33, blue: 34, magenta: 35, cyan: 36 };
const LEVEL_COLORS: Record<string, Color> = { trace: 'dim', debug: 'dim', info: 'green', warn: 'yellow', error: 'red', fatal: 'red' };
const SERVICE_COLORS: Color[] = ['cyan', 'magenta', 'blue', 'yellow', 'green'];

export function useColor(stream: { isTTY?: boolean } = process.stdout, env = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  return Boolean(stream.isTTY);
}

export function paint(enabled: boolean, color: Color, text: string): string {
  return enabled ? `\u001b[${CODES[color]}m${text}\u001b[0m` : text;
}

function clock(time: unknown): string {
  if (typeof time !== 'number' && typeof time !== 'string') return '--:--:--';
  const date = new Date(time);
  return Number.isNaN(date.getTime())
    ? '--:--:--'
    : [date.getHours(), date.getMinutes(), date.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

/** The fields of a pino log line that the formatter reads. */
interface PinoRecord {
  level?: number;
  time?: unknown;
  msg?: unknown;
  context?: string;
  reqId?: string;
  requestId?: string;
  method?: string;
  url?: string;
  statusCode?: number;
  req?: { id?: string; method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; type?: string; stack?: unknown };
}

/** The message of one pino record, with what matters from its well-known fields. */
function describe(record: PinoRecord): string {
  let message = typeof record.msg === 'string' ? record.msg : '';
  if (record.req && record.res && message === 'request completed') {
    message = `${record.req.method} ${record.req.url} → ${record.res.statusCode} (${record.responseTime} ms)`;
  } else if (record.req && record.res && message === 'request errored') {
    message = `${record.req.method} ${record.req.url} → ${record.res.statusCode} failed (${record.responseTime} ms)`;
  }
  if (isRequestLine(record)) {
    message = `${record.method} ${record.url} → ${record.statusCode}${message === 'request aborted' ? ' aborted' : ''} (${record.responseTime} ms)`;
  }
  if (record.context) message = `[${record.context}] ${message}`;
  if (record.err) message += `: ${record.err.message ?? record.err.type ?? JSON.stringify(record.err)}`;
  return message;
}

const REQUEST_MESSAGES = new Set(['request completed', 'request aborted']);

/** One request's line as the services write it: method, URL, status, milliseconds. */
function isRequestLine(record: PinoRecord): boolean {
  return typeof record.msg === 'string' && REQUEST_MESSAGES.has(record.msg) && typeof record.method === 'string';
}

/** A formatter for one service: `format(line)` returns the text to print (may span lines), or undefined to print nothing. */
export interface FormatterOptions {
  name: string;
  /** Print a line per request (else only those of a 5xx). */
  accessLog?: boolean;
  /** Width of the widest name, so that the prefixes line up. */
  width?: number;
  index?: number;
  color?: boolean;
}

export function createFormatter({
  name,
  width = name.length,
  index = 0,
  color = false,
  accessLog = false,
}: FormatterOptions): (line: string) => string | undefined {
  const prefix = paint(color, SERVICE_COLORS[index % SERVICE_COLORS.length], `[${name}]`.padEnd(width + 2));
  return function format(line: string): string | undefined {
    let record: PinoRecord | undefined;
    if (line.startsWith('{')) {
      try {
        record = JSON.parse(line) as PinoRecord;
      } catch {
        record = undefined;
      }
    }
    if (!record || typeof record !== 'object' || record.level === undefined) return `${prefix} ${line}`;
    if (!accessLog && isRequestLine(record) && (record.statusCode ?? 0) < 500) return undefined;
    const level = LEVELS[record.level] ?? String(record.level);
    const id = record.req?.id ?? record.reqId ?? record.requestId;
    const parts = [
      paint(color, 'dim', clock(record.time)),
      paint(color, LEVEL_COLORS[level] ?? 'reset', level.padEnd(5)),
      describe(record),
    ];
    if (id) parts.push(paint(color, 'dim', `(${id})`));
    let text = `${prefix} ${parts.join(' ')}`;
    if (record.level >= 50 && typeof record.err?.stack === 'string') {
      text += `\n${record.err.stack
        .split('\n')
        .slice(1)
        .map((stackLine) => `${prefix}     ${stackLine.trim()}`)
        .join('\n')}`;
    }
    return text;
  };
}

/** Calls onLine for every complete line of a stream (a trailing partial line at the end too). */
export function forEachLine(stream: NodeJS.ReadableStream, onLine: (line: string) => void): void {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line !== '') onLine(line.replace(/\r$/, ''));
  });
  stream.on('end', () => {
    if (rest !== '') onLine(rest);
    rest = '';
  });
}
