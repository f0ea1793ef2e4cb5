// Where the CLI finds the services when no --*-url is given: SIMSVC_<SVC>_URL, then the port the
// service itself reads (SIMSVC_<SVC>_PORT) on 127.0.0.1, then the service's default port; the
// console (for --web) likewise from SIMSVC_CONSOLE_URL / SIMSVC_CONSOLE_PORT / 8000.
import { InvalidArgumentError } from 'commander';

export type Service = 'cache' | 'catalog' | 'results' | 'console';

export const DEFAULT_PORTS: Record<Service, number> = { console: 8000, cache: 8001, catalog: 8002, results: 8003 };

/** The URL to use without --<service>-url and SIMSVC_<SERVICE>_URL (commander takes those first). */
export function defaultServiceUrl(service: Service, env: NodeJS.ProcessEnv = process.env): string {
  const variable = `SIMSVC_${service.toUpperCase()}_PORT`;
  const port = env[variable]?.trim();
  if (port !== undefined && port !== '') {
    const number = Number(port);
    // An unusable port leaves the default in force; the option's help names the variable.
    if (/^\d+$/.test(port) && number >= 1 && number <= 65535) return `http://127.0.0.1:${number}`;
  }
  return `http://127.0.0.1:${DEFAULT_PORTS[service]}`;
}

/** commander's parser for a URL option: an absolute http(s) URL, without a trailing slash. */
export function httpUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new InvalidArgumentError('expected an http:// or https:// URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InvalidArgumentError('expected an http:// or https:// URL');
  return value.trim().replace(/\/+$/, '');
}
