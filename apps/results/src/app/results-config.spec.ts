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

  it('listens on 8003 by default', () => {
    expect(parse([]).port).toBe(8003);
  });
});
