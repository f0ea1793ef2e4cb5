// `--web`: the web console's URL of the view a command shows (apps/console routes: /simulations?q=
// &tags=, /simulations/NAME?version=, /results?sim=&f=CLASS:NAME:OP:VALUE, /results/EXECUTION_ID),
// printed, and opened in a browser when there is a desktop to open it on.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { CommandContext } from './context';
import type { Filters } from './where/where-parser';

const CONSOLE_OPERATORS: Record<string, string> = { $eq: 'eq', $ne: 'ne', $gt: 'gt', $gte: 'gte', $lt: 'lt', $lte: 'lte' };

export function consoleUrl(base: string, path: string, query: [string, string][] = []): string {
  const url = new URL(`${base.replace(/\/+$/, '')}${path}`);
  for (const [name, value] of query) url.searchParams.append(name, value);
  return url.toString();
}

/** The results view's `f` parameters of search filters; `in` has no console form and is left out (returned apart). */
export function consoleFilters(filters: { input_filters: Filters; output_filters: Filters }): {
  params: [string, string][];
  left: string[];
} {
  const params: [string, string][] = [];
  const left: string[] = [];
  for (const [cls, set] of [
    ['input', filters.input_filters],
    ['output', filters.output_filters],
  ] as const) {
    for (const [name, condition] of Object.entries(set)) {
      const operators = condition !== null && typeof condition === 'object' && !Array.isArray(condition) ? condition : { $eq: condition };
      for (const [operator, value] of Object.entries(operators as Record<string, unknown>)) {
        const op = CONSOLE_OPERATORS[operator];
        if (op) params.push(['f', `${cls}:${encodeURIComponent(name)}:${op}:${typeof value === 'string' ? value : JSON.stringify(value)}`]);
        else left.push(`${cls}.${name} ${operator}`);
      }
    }
  }
  return { params, left };
}

/** Prints the URL; opens it too when a desktop opener exists (DISPLAY / WAYLAND_DISPLAY and xdg-open, or macOS). */
export function showInConsole({ out }: CommandContext, url: string, notes: string[] = []): void {
  for (const note of notes) process.stderr.write(`simsvc: ${note}\n`);
  out.line(url);
  const opener = desktopOpener();
  if (opener)
    spawn(opener, [url], { detached: true, stdio: 'ignore' })
      .on('error', () => undefined)
      .unref();
}

function desktopOpener(): string | undefined {
  if (process.platform === 'darwin') return 'open';
  if (!process.env['DISPLAY'] && !process.env['WAYLAND_DISPLAY']) return undefined;
  return ['/usr/bin/xdg-open', '/usr/local/bin/xdg-open'].find((path) => existsSync(path));
}
