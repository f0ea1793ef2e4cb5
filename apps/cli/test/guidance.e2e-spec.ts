// Issue 25.4–25.7 through the built CLI as a child process against the built services: URLs from
// the services' own port variables, errors that say what to do, bulk cache puts, the example
// body of `catalog register --help`, and output (terminal width, rounding, --json FIELDS,
// results search --version/--status, catalog stats NAME@VERSION, --web, completion scripts).
import { freePort, makeRunFixture, writeRunDatabase } from '@simsvc/testing';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CliServices } from './support/cli-services';

jest.setTimeout(60_000);

const run = promisify(execFile);
const portOf = (url: string) => new URL(url).port;

describe('simsvc guides (issue 25.4–25.7)', () => {
  let services: CliServices;
  let html: Server;
  let htmlUrl: string;
  const json = async (args: string[], env: Record<string, string | undefined> = {}) => {
    const result = await services.cli(['--json', ...args], { env });
    if (result.code !== 0) throw new Error(`${args.join(' ')} exited ${result.code}: ${result.stderr}`);
    return JSON.parse(result.stdout);
  };

  beforeAll(async () => {
    services = await CliServices.start();
    await services.loginAdmin();
    // A web page where a service is expected: answers HTML to everything, as the console does.
    html = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><title>simsvc console</title>');
    });
    await new Promise<void>((listening) => html.listen(0, '127.0.0.1', listening));
    htmlUrl = `http://127.0.0.1:${(html.address() as AddressInfo).port}`;

    // heat-guide: two versions and a failed run, long parameter names, a value with a float tail.
    const guide = join(services.runsRoot, 'guide');
    for (let i = 0; i < 4; i += 1) {
      const fixture = makeRunFixture({
        execution_id: `guide-${i}`,
        simulation_name: 'heat-guide',
        simulation_version: i < 3 ? '1.0.0' : '2.0.0',
        status: i === 2 ? 'failed' : 'completed',
        inputs: {
          length: { value: 1 + i, type: 'number', units: 'm' },
          a_rather_long_input_parameter_name: { value: 'a rather long input value of text', type: 'string' },
        },
        outputs: {
          energy: { value: 0.1 + 0.2 + i, type: 'number', units: 'J' },
          another_long_output_parameter_name: { value: 123456.789012, type: 'number' },
        },
      });
      writeRunDatabase(join(guide, `${fixture.execution_id}.db`), fixture);
    }
    const registered = await services.cli(['results', 'register', guide, '--root', services.runsRoot]);
    if (registered.code !== 0) throw new Error(registered.stderr);
  }, 120_000);
  afterAll(async () => {
    html?.close();
    await services?.close();
  });

  describe('25.4 URLs: --*-url, then SIMSVC_*_URL, then SIMSVC_*_PORT, then the defaults', () => {
    const portsOnly = () => ({
      SIMSVC_CACHE_URL: undefined,
      SIMSVC_CATALOG_URL: undefined,
      SIMSVC_RESULTS_URL: undefined,
      SIMSVC_CACHE_PORT: portOf(services.urls.cache),
      SIMSVC_CATALOG_PORT: portOf(services.urls.catalog),
      SIMSVC_RESULTS_PORT: portOf(services.urls.results),
    });

    it('without URLs, the ports the services read name them', async () => {
      expect(await json(['cache', 'stats'], portsOnly())).toMatchObject({ total_entries: expect.any(Number) });
      expect(await json(['results', 'search', '--simulation', 'heat-guide', '--limit', '1'], portsOnly())).toMatchObject({ total: 4 });
    });

    it('SIMSVC_*_URL wins over SIMSVC_*_PORT, and --*-url over both', async () => {
      const closed = String(await freePort());
      const env = { ...portsOnly(), SIMSVC_RESULTS_PORT: closed, SIMSVC_RESULTS_URL: services.urls.results };
      expect(await json(['results', 'search', '--simulation', 'heat-guide', '--limit', '1'], env)).toMatchObject({ total: 4 });
      const overridden = await services.cli(
        ['results', 'search', '--simulation', 'heat-guide', '--results-url', `http://127.0.0.1:${closed}`],
        {
          env,
        },
      );
      expect(overridden.code).toBe(3);
      expect(overridden.stderr).toContain(`cannot reach http://127.0.0.1:${closed}`);
    });

    it('--help names the port variables', async () => {
      const help = await services.cli(['--help']);
      expect(help.stdout).toContain('SIMSVC_CACHE_PORT');
      expect(help.stdout).toContain('SIMSVC_RESULTS_PORT');
    });
  });

  describe('25.5 errors that say what to do', () => {
    it('401 without a session or with an expired one: run `simsvc login`', async () => {
      const missing = await services.cli(['cache', 'entries'], { env: { XDG_CONFIG_HOME: join(services.sandbox, 'nobody') } });
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(/^simsvc: 401 .*: run `simsvc login`/);
      const expired = await services.cli(['cache', 'entries', '--session', 'no-such-session-token']);
      expect(expired.code).toBe(1);
      expect(expired.stderr).toMatch(/^simsvc: 401 .*: run `simsvc login`/);
      // A refused password is no advice to log in.
      const wrong = await services.cli(['login', '--username', 'admin', '--password-stdin'], { input: 'wrong-password\n' });
      expect(wrong.stderr).not.toContain('run `simsvc login`');
    });

    it('429 says the Retry-After seconds', async () => {
      // Five failed logins within 60 s for one (address, username); the sixth is throttled.
      let last = await services.cli(['login', '--username', 'guessed-name', '--password-stdin'], { input: 'guess\n' });
      for (let i = 0; i < 8 && !last.stderr.includes(' 429 '); i += 1)
        last = await services.cli(['login', '--username', 'guessed-name', '--password-stdin'], { input: 'guess\n' });
      expect(last.code).toBe(1);
      expect(last.stderr).toMatch(/^simsvc: 429 .*: try again in \d+ s/);
    });

    it('an invalid URL value is a usage error naming the option (or the variable)', async () => {
      const option = await services.cli(['cache', 'stats', '--cache-url', 'localhost:8001']);
      expect(option.code).toBe(2);
      expect(option.stderr).toContain("option '--cache-url <url>' argument 'localhost:8001' is invalid");
      const variable = await services.cli(['cache', 'stats'], { env: { SIMSVC_CATALOG_URL: 'not a url' } });
      expect(variable.code).toBe(2);
      expect(variable.stderr).toContain('SIMSVC_CATALOG_URL');
    });

    it('a URL that answers HTML is no simsvc service: exit 3 with the /api/<service> it may have meant', async () => {
      const cache = await services.cli(['cache', 'stats', '--cache-url', htmlUrl]);
      expect(cache).toMatchObject({ code: 3, stdout: '' });
      expect(cache.stderr).toBe(`simsvc: not a simsvc service at ${htmlUrl} (did you mean ${htmlUrl}/api/cache?)\n`);
      const results = await services.cli(['results', 'show', 'x', '--results-url', htmlUrl]);
      expect(results.code).toBe(3);
      expect(results.stderr).toContain(`(did you mean ${htmlUrl}/api/results?)`);
    });

    it('a run database the service cannot find by the path sent (404) is uploaded instead', async () => {
      const elsewhere = join(services.sandbox, 'elsewhere');
      writeRunDatabase(join(elsewhere, 'lost-1.db'), makeRunFixture({ execution_id: 'lost-1' }));
      const given = await services.cli(['results', 'register', elsewhere, '--root', elsewhere]);
      expect(given).toMatchObject({ code: 0, stdout: 'registered 1 (1 uploaded), skipped 0, failed 0\n' });
      expect((await services.cli(['results', 'show', 'lost-1'])).code).toBe(0);
    });

    it('a file outside the current directory, without --root, is uploaded', async () => {
      const outside = join(services.sandbox, 'outside', 'stray.db');
      writeRunDatabase(outside, makeRunFixture({ execution_id: 'stray' }));
      const result = await services.cli(['results', 'register', outside], { cwd: services.runsRoot });
      expect(result).toMatchObject({ code: 0, stdout: 'registered 1 (1 uploaded), skipped 0, failed 0\n' });
    });

    it('with --no-upload, a run database the service cannot find (404) fails naming the path sent and the --root in force', async () => {
      const elsewhere = join(services.sandbox, 'elsewhere-kept');
      writeRunDatabase(join(elsewhere, 'kept-1.db'), makeRunFixture({ execution_id: 'kept-1' }));
      const result = await services.cli(['results', 'register', elsewhere, '--root', elsewhere, '--no-upload']);
      expect(result).toMatchObject({ code: 1, stdout: 'registered 0, skipped 0, failed 1\n' });
      expect(result.stderr).toMatch(/^simsvc: \S+kept-1\.db: 404 /);
      expect(result.stderr).toContain(`(sent run_db_path kept-1.db; --root ${elsewhere})`);
      expect((await services.cli(['results', 'show', 'kept-1'])).code).not.toBe(0);
    });

    it('with --no-upload and no --root, "outside" says the root was the current directory', async () => {
      const outside = join(services.sandbox, 'outside', 'kept-stray.db');
      writeRunDatabase(outside, makeRunFixture({ execution_id: 'kept-stray' }));
      const result = await services.cli(['results', 'register', outside, '--no-upload'], { cwd: services.runsRoot });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `(sent run_db_path ${outside}; --root ${services.runsRoot}, the current directory: --root was not given)`,
      );
    });

    it('results register of a directory with no *.db says so and exits 1', async () => {
      const empty = join(services.sandbox, 'no-runs');
      mkdirSync(join(empty, 'sub'), { recursive: true });
      writeFileSync(join(empty, 'sub', 'notes.txt'), 'no runs here');
      const result = await services.cli(['results', 'register', empty]);
      expect(result).toMatchObject({ code: 1, stdout: '' });
      expect(result.stderr).toBe(`simsvc: ${empty}: no *.db files in it or below it\n`);
    });

    it('results stats of a parameter no run has warns on stderr', async () => {
      const result = await services.cli(['results', 'stats', 'heat-guide', 'no_such_param']);
      expect(result.code).toBe(0);
      expect(result.stderr).toContain('warning: no result of heat-guide has the output parameter no_such_param');
      const known = await services.cli(['results', 'stats', 'heat-guide', 'energy']);
      expect(known).toMatchObject({ code: 0, stderr: '' });
    });
  });

  describe('25.6 bulk and examples', () => {
    it('cache put --file: one entry a line, a summary line, failures by line number', async () => {
      const entry = (key: string) => ({
        cache_key: key,
        simulation_id: 1,
        simulation_name: 'heat-guide',
        simulation_version: '1.0.0',
        execution_id: `exec-${key}`,
        squid_id: `heat-guide/1.0.0/${key}`,
        input_hash: 'h',
        run_db_path: 'guide/guide-0.db',
      });
      const lines = [
        JSON.stringify(entry('bulk-1')),
        JSON.stringify(entry('bulk-2')),
        '{"cache_key": ',
        '',
        JSON.stringify({ cache_key: 'bulk-bad' }),
        JSON.stringify(entry('bulk-3')),
      ];
      const file = join(services.sandbox, 'entries.jsonl');
      writeFileSync(file, `${lines.join('\n')}\n`);
      const result = await services.cli(['cache', 'put', '--file', file]);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('stored 3, failed 2 (5 lines)\n');
      const errors = result.stderr.trim().split('\n');
      expect(errors).toHaveLength(2);
      expect(errors[0]).toMatch(new RegExp(`^simsvc: ${file}:3: not JSON`));
      expect(errors[1]).toMatch(new RegExp(`^simsvc: ${file}:5: 4\\d\\d `));
      expect(await json(['cache', 'get', 'bulk-3'])).toMatchObject({ execution_id: 'exec-bulk-3' });
    });

    it('catalog register --help shows a complete body that registers as it is', async () => {
      const help = await services.cli(['catalog', 'register', '--help']);
      const body = help.stdout.slice(help.stdout.indexOf('A complete body'), help.stdout.indexOf('Examples:'));
      const example = JSON.parse(body.slice(body.indexOf('{')));
      for (const field of ['name', 'version', 'description', 'author', 'tags', 'input_schema', 'output_schema'])
        expect(example).toHaveProperty(field);
      const file = join(services.sandbox, 'example.json');
      writeFileSync(file, JSON.stringify(example));
      expect(await json(['catalog', 'register', file])).toMatchObject({ name: example.name, version: example.version });
    });
  });

  describe('25.7 output', () => {
    it('tables use the terminal width: nothing cut on a wide one, every line fits a narrow one', async () => {
      const wide = await services.cli(['results', 'search', '--simulation', 'heat-guide'], { env: { COLUMNS: '400' } });
      expect(wide.code).toBe(0);
      expect(wide.stdout).not.toContain('…');
      expect(wide.stdout).toContain('a_rather_long_input_parameter_name=a rather long input value of text');
      expect(Math.max(...wide.stdout.split('\n').map((line) => line.length))).toBeGreaterThan(120);
      const narrow = await services.cli(['results', 'search', '--simulation', 'heat-guide'], { env: { COLUMNS: '100' } });
      expect(narrow.stdout).toContain('…');
      for (const line of narrow.stdout.trimEnd().split('\n')) expect(line.length).toBeLessThanOrEqual(100);
    });

    it('numbers are rounded for display; --exact prints them as stored', async () => {
      const rounded = await services.cli(['results', 'show', 'guide-0']);
      expect(rounded.stdout).toMatch(/^output\s+energy\s+0\.3\s+number\s+J$/m);
      expect(rounded.stdout).toMatch(/^output\s+another_long_output_parameter_name\s+123457\s/m);
      const exact = await services.cli(['results', 'show', 'guide-0', '--exact']);
      expect(exact.stdout).toMatch(/^output\s+energy\s+0\.30000000000000004\s/m);
      expect(exact.stdout).toMatch(/^output\s+another_long_output_parameter_name\s+123456\.789012\s/m);
    });

    it('--json FIELDS names fields like gh, in. / out. reach the parameters', async () => {
      const result = await services.cli([
        '--json',
        'execution_id,out.energy,in.length',
        'results',
        'search',
        '--simulation',
        'heat-guide',
        '--version',
        '1.0.0',
      ]);
      expect(result.code).toBe(0);
      const rows = JSON.parse(result.stdout);
      expect(rows).toHaveLength(3);
      expect(Object.keys(rows[0])).toEqual(['execution_id', 'out.energy', 'in.length']);
      expect(rows).toContainEqual({ execution_id: 'guide-1', 'out.energy': 1.3, 'in.length': 2 });
      const one = await services.cli(['results', 'show', 'guide-1', '--json=status']);
      expect(JSON.parse(one.stdout)).toEqual({ status: 'completed' });
      const unknown = await services.cli(['--json=nope', 'results', 'show', 'guide-1']);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain('--json: unknown field nope; the fields are ');
      // A bare --json before a command keeps its meaning.
      expect(await json(['whoami'])).toMatchObject({ username: 'admin' });
    });

    it('results search --version and --status filter on the service', async () => {
      const ids = async (args: string[]) =>
        (await json(['results', 'search', '--simulation', 'heat-guide', ...args])).results
          .map((hit: { execution_id: string }) => hit.execution_id)
          .sort();
      expect(await ids(['--version', '2.0.0'])).toEqual(['guide-3']);
      expect(await ids(['--status', 'failed'])).toEqual(['guide-2']);
      expect(await ids(['--version', '1.0.0', '--status', 'completed'])).toEqual(['guide-0', 'guide-1']);
    });

    it('results search --order-by sorts on the service, up to three keys', async () => {
      const order = async (args: string[]) =>
        (await json(['results', 'search', '--simulation', 'heat-guide', ...args])).results.map(
          (hit: { execution_id: string }) => hit.execution_id,
        );
      expect(await order(['--order-by', 'out.energy desc'])).toEqual(['guide-3', 'guide-2', 'guide-1', 'guide-0']);
      expect(await order(['--order-by', 'in.length', '--limit', '2'])).toEqual(['guide-0', 'guide-1']);
      expect(await order(['--order-by', 'execution_id desc'])).toEqual(['guide-3', 'guide-2', 'guide-1', 'guide-0']);
      const bad = await services.cli(['results', 'search', '--simulation', 'heat-guide', '--order-by', 'energy sideways']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain("--order-by: 'energy sideways' is not KEY [asc|desc]");
      const four = ['in.length', 'out.energy', 'created_at', 'execution_id'].flatMap((key) => ['--order-by', key]);
      expect((await services.cli(['results', 'search', '--simulation', 'heat-guide', ...four])).stderr).toContain(
        '--order-by: at most 3 keys, not 4',
      );
    });

    it('catalog stats takes NAME[@VERSION] like catalog show', async () => {
      const body = (version: string) => ({
        name: 'stats-by-name',
        version,
        input_schema: { x: { type: 'number' } },
        output_schema: { y: { type: 'number' } },
      });
      const ids: number[] = [];
      for (const version of ['1.0.0', '2.0.0']) {
        const file = join(services.sandbox, `stats-${version}.json`);
        writeFileSync(file, JSON.stringify(body(version)));
        ids.push((await json(['catalog', 'register', file])).id);
      }
      expect(await json(['catalog', 'stats', 'stats-by-name@1.0.0'])).toMatchObject({ simulation_id: ids[0] });
      expect(await json(['catalog', 'stats', 'stats-by-name'])).toMatchObject({ simulation_id: ids[1] });
      expect(await json(['catalog', 'stats', String(ids[0])])).toMatchObject({ simulation_id: ids[0] });
      expect(await json(['catalog', 'show', 'stats-by-name@1.0.0'])).toMatchObject({ id: ids[0], version: '1.0.0' });
      expect((await services.cli(['catalog', 'stats', 'no-such-simulation'])).code).toBe(1);
    });

    it('--web prints the console URL of the same view', async () => {
      const env = { SIMSVC_CONSOLE_PORT: '8123', DISPLAY: undefined };
      const web = async (args: string[]) => {
        const result = await services.cli(args, { env });
        expect(result.code).toBe(0);
        return result.stdout.trim();
      };
      expect(await web(['catalog', 'search', 'heat', '--tag', 'pde', '--web'])).toBe('http://127.0.0.1:8123/simulations?q=heat&tags=pde');
      expect(await web(['catalog', 'show', 'heat-guide@1.0.0', '--web'])).toBe(
        'http://127.0.0.1:8123/simulations/heat-guide?version=1.0.0',
      );
      expect(await web(['results', 'show', 'guide-1', '--web'])).toBe('http://127.0.0.1:8123/results/guide-1');
      expect(
        await web(['results', 'search', '--simulation', 'heat-guide', '--where', 'length>=2', '--where', 'out.energy<3', '--web']),
      ).toBe('http://127.0.0.1:8123/results?sim=heat-guide&f=input%3Alength%3Agte%3A2&f=output%3Aenergy%3Alt%3A3');
      const console = await services.cli(['results', 'show', 'guide-1', '--web', '--console-url', 'https://simsvc.example.org/']);
      expect(console.stdout).toBe('https://simsvc.example.org/results/guide-1\n');
    });

    it('completion for bash, zsh and fish completes commands and options', async () => {
      for (const shell of ['bash', 'zsh', 'fish']) expect((await services.cli(['completion', shell])).code).toBe(0);
      const script = join(services.sandbox, 'simsvc.bash');
      writeFileSync(script, (await services.cli(['completion', 'bash'])).stdout);
      const bash = await run('bash', [
        '-c',
        `source ${script}; COMP_WORDS=(simsvc results se); COMP_CWORD=2; _simsvc; echo "\${COMPREPLY[@]}"; COMP_WORDS=(simsvc results search --ver); COMP_CWORD=3; _simsvc; echo "\${COMPREPLY[@]}"`,
      ]);
      expect(bash.stdout).toBe('search\n--version\n');
      // fish and zsh check their scripts where they are installed; CI installs both and sets
      // SIMSVC_TEST_REQUIRE_SHELLS=1, which makes a missing one a failure.
      for (const shell of ['fish', 'zsh']) {
        if (process.env.SIMSVC_TEST_REQUIRE_SHELLS === '1')
          expect({ shell, installed: existsSync(`/usr/bin/${shell}`) }).toEqual({ shell, installed: true });
      }
      if (existsSync('/usr/bin/fish')) {
        const fishScript = join(services.sandbox, 'simsvc.fish');
        writeFileSync(fishScript, (await services.cli(['completion', 'fish'])).stdout);
        const fish = await run('fish', [
          '-c',
          `source ${fishScript}; complete -C 'simsvc results se'; complete -C 'simsvc cache put --fi'`,
        ]);
        expect(fish.stdout.split('\n').map((line) => line.split('\t')[0])).toEqual(expect.arrayContaining(['search', '--file']));
      }
      if (existsSync('/usr/bin/zsh')) {
        const zshScript = join(services.sandbox, 'simsvc.zsh');
        writeFileSync(zshScript, (await services.cli(['completion', 'zsh'])).stdout);
        const zsh = await run('zsh', ['-c', `source ${zshScript} 2>/dev/null; whence -w _simsvc`], {
          env: { ...process.env, HOME: services.sandbox },
        });
        expect(zsh.stdout).toBe('_simsvc: function\n');
      }
    });
  });
});
