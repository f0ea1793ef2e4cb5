import { ConfigError, parseServiceConfig } from '@simsvc/platform';
import { resolve } from 'node:path';
import { RESULTS_SERVICE } from './results-config';

describe('results configuration', () => {
  const parse = (argv: string[], env: Record<string, string> = {}) => parseServiceConfig(RESULTS_SERVICE, argv, env);

  it('defaults the runs root to ./data/runs, made absolute', () => {
    expect(parse([]).extra.runsRoot).toBe(resolve('data/runs'));
  });

  it('takes --runs-root over SIMSVC_RESULTS_RUNS_ROOT', () => {
    expect(parse([], { SIMSVC_RESULTS_RUNS_ROOT: '/srv/runs' }).extra.runsRoot).toBe('/srv/runs');
    expect(parse(['--runs-root', '/data/other'], { SIMSVC_RESULTS_RUNS_ROOT: '/srv/runs' }).extra.runsRoot).toBe('/data/other');
  });

  it('refuses an empty runs root, naming the option', () => {
    expect(() => parse(['--runs-root', ' '])).toThrow(ConfigError);
    expect(() => parse(['--runs-root', ''])).toThrow(/runs-root/);
  });

  it('caps run databases at 256 MiB by default; --max-run-db-bytes over SIMSVC_RESULTS_MAX_RUN_DB_BYTES', () => {
    expect(parse([]).extra.maxRunDbBytes).toBe(256 * 1024 * 1024);
    expect(parse([], { SIMSVC_RESULTS_MAX_RUN_DB_BYTES: '1048576' }).extra.maxRunDbBytes).toBe(1048576);
    expect(parse(['--max-run-db-bytes', '65536'], { SIMSVC_RESULTS_MAX_RUN_DB_BYTES: '1048576' }).extra.maxRunDbBytes).toBe(65536);
  });

  it('refuses a --max-run-db-bytes that is not a whole number of bytes, naming the option', () => {
    for (const value of ['0', '-1', '1.5', '1e6', 'lots', ' ']) {
      expect(() => parse(['--max-run-db-bytes', value])).toThrow(/max-run-db-bytes/);
    }
  });

  it('listens on 8003 by default', () => {
    expect(parse([]).port).toBe(8003);
  });
});
