import { alterRunDatabase, makeRunFixture, writeRunDatabase } from '@simsvc/testing';
import { existsSync, mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { CliServices } from './support/cli-services';

jest.setTimeout(120_000);

const GOOD = 190;

/** 190 good run databases of heat-1d below runs/batch/, length 1..10 and mode fast/exact alternating. */
function writeGoodRuns(runsRoot: string): string[] {
  const ids: string[] = [];
  for (let i = 0; i < GOOD; i += 1) {
    const fixture = makeRunFixture({
      execution_id: `cli-run-${i}`,
      simulation_name: 'heat-cli',
      inputs: { length: { value: 1 + (i % 10), type: 'number', units: 'm' }, mode: i % 2 === 0 ? 'exact' : 'fast' },
      outputs: { max_temperature: { value: 300 + i, type: 'number', units: 'K' } },
    });
    writeRunDatabase(join(runsRoot, 'batch', `${String(Math.floor(i / 50))}`, `${fixture.execution_id}.db`), fixture);
    ids.push(fixture.execution_id);
  }
  return ids;
}

describe('simsvc results', () => {
  let services: CliServices;
  let runs: string;

  beforeAll(async () => {
    services = await CliServices.start();
    await services.loginAdmin();
    runs = services.runsRoot;
    writeGoodRuns(runs);
    // Ten failures mixed in: not SQLite, empty, SQLite but no run database, no run_metadata row,
    // two run_metadata rows, an execution_id or a name the service refuses, files outside the runs root.
    const bad = join(runs, 'batch', 'bad');
    mkdirSync(bad, { recursive: true });
    writeFileSync(join(bad, 'text.db'), 'not a database');
    writeFileSync(join(bad, 'empty.db'), '');
    writeRunDatabase(join(bad, 'no-tables.db'), makeRunFixture({ execution_id: 'no-tables' }));
    alterRunDatabase(join(bad, 'no-tables.db'), 'DROP TABLE inputs; DROP TABLE outputs;');
    writeRunDatabase(join(bad, 'no-row.db'), makeRunFixture({ execution_id: 'no-row' }));
    alterRunDatabase(join(bad, 'no-row.db'), 'DELETE FROM run_metadata');
    writeRunDatabase(join(bad, 'two-rows.db'), makeRunFixture({ execution_id: 'two-rows' }));
    alterRunDatabase(
      join(bad, 'two-rows.db'),
      "INSERT INTO run_metadata (execution_id, simulation_name, simulation_version, started_at, status, executor_type) VALUES ('x', 'a', '1', '2026-01-01', 'completed', 'local')",
    );
    writeRunDatabase(join(bad, 'bad-id.db'), makeRunFixture({ execution_id: 'has space' }));
    writeRunDatabase(join(bad, 'long-name.db'), makeRunFixture({ execution_id: 'long-name', simulation_name: 'x'.repeat(257) }));
    const outside = join(services.sandbox, 'outside');
    for (let i = 0; i < 3; i += 1) writeRunDatabase(join(outside, `outside-${i}.db`), makeRunFixture({ execution_id: `outside-${i}` }));
    symlinkSync(join(outside, 'outside-0.db'), join(bad, 'escape.db'));
  }, 180_000);
  afterAll(() => services?.close());

  it('registers 200 files with 10 troubles mixed in: 7 fail (one line each, exit 1), the 3 outside --root are uploaded', async () => {
    const outside = join(services.sandbox, 'outside');
    const run = await services.cli([
      'results',
      'register',
      join(runs, 'batch'),
      join(outside, 'outside-1.db'),
      join(outside, 'outside-2.db'),
      '--root',
      runs,
    ]);
    // The three files outside --root (one a symlink out of it) are uploaded instead.
    expect(run.stdout).toBe(`registered ${GOOD + 3} (3 uploaded), skipped 0, failed 7\n`);
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(7);
    const line = (name: string) => lines.find((text) => text.includes(name));
    expect(line('text.db')).toMatch(/^simsvc: \S+text\.db: /);
    expect(line('empty.db')).toBeDefined();
    expect(line('no-tables.db')).toMatch(/: 422 run database has no table /);
    expect(line('no-row.db')).toContain('run_metadata has no row');
    expect(line('two-rows.db')).toContain('run_metadata has more than one row');
    expect(line('bad-id.db')).toMatch(/: 400 /);
    expect(line('long-name.db')).toContain(': 422 run_metadata.simulation_name must be 1 to 256 characters');
    for (const id of ['outside-0', 'outside-1', 'outside-2']) {
      const stored = await services.cli(['--json', 'results', 'show', id]);
      expect(JSON.parse(stored.stdout).run_db_path).toMatch(new RegExp(`^uploads/heat-1d/${id}\\.db$`));
    }

    const search = await services.cli(['--json', 'results', 'search', '--simulation', 'heat-cli', '--limit', '1']);
    expect(JSON.parse(search.stdout)).toMatchObject({ total: GOOD });
  });

  it('skips what is registered unless --replace; the default root is the current directory', async () => {
    const again = await services.cli(['results', 'register', 'batch/0', 'batch/1'], { cwd: runs });
    expect(again).toMatchObject({ code: 0, stdout: 'registered 0, skipped 100, failed 0\n', stderr: '' });
    const replace = await services.cli(['--json', 'results', 'register', 'batch/0/cli-run-7.db', '--replace', '--concurrency', '1'], {
      cwd: runs,
    });
    expect(replace.code).toBe(0);
    const body = JSON.parse(replace.stdout);
    expect(body).toMatchObject({ registered: 1, skipped: 0, failed: 0 });
    expect(body.runs[0]).toMatchObject({
      outcome: 'registered',
      execution_id: 'cli-run-7',
      run_db_path: 'batch/0/cli-run-7.db',
      result: { success: true, execution_id: 'cli-run-7', input_count: 2, output_count: 1 },
    });
  });

  it('without --root, from the directory above the runs root (npm start), sends absolute paths once relative ones are not found', async () => {
    for (const id of ['above-1', 'above-2']) writeRunDatabase(join(runs, 'above', `${id}.db`), makeRunFixture({ execution_id: id }));
    const run = await services.cli(['--json', 'results', 'register', join(basename(runs), 'above')], { cwd: dirname(runs) });
    expect(run.code).toBe(0);
    const body = JSON.parse(run.stdout);
    expect(body).toMatchObject({ registered: 2, skipped: 0, failed: 0 });
    const real = realpathSync(join(runs, 'above'));
    expect(body.runs.map((outcome: { run_db_path: string }) => outcome.run_db_path)).toEqual([
      join(real, 'above-1.db'),
      join(real, 'above-2.db'),
    ]);
  });

  it('a path that does not exist is a usage error; so is a --root that is not a directory', async () => {
    expect((await services.cli(['results', 'register', join(runs, 'nope')])).code).toBe(2);
    expect((await services.cli(['results', 'register', runs, '--root', join(runs, 'nope')])).code).toBe(2);
  });

  it('search: --where finds the class from the schema, in./out. name it, --json is the service body', async () => {
    const table = await services.cli([
      'results',
      'search',
      '--simulation',
      'heat-cli',
      '--where',
      'length>=10',
      '--where',
      'mode=fast',
      '--limit',
      '5',
    ]);
    expect(table.code).toBe(0);
    const lines = table.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^execution_id\s+version\s+status\s+created_at\s+inputs\s+outputs$/);
    expect(lines).toHaveLength(7);
    expect(lines[6]).toBe('5 of 19');
    expect(lines[1]).toContain('length=10 mode=fast');

    const json = await services.cli([
      '--json',
      'results',
      'search',
      '--simulation',
      'heat-cli',
      '--where',
      'out.max_temperature in 300,301,999',
      '--where',
      'in.length<3',
    ]);
    const body = JSON.parse(json.stdout);
    expect(body).toMatchObject({ total: 2, count: 2, limit: 50, offset: 0 });
    expect(body.results.map((hit: { execution_id: string }) => hit.execution_id).sort()).toEqual(['cli-run-0', 'cli-run-1']);

    const unknown = await services.cli(['results', 'search', '--simulation', 'heat-cli', '--where', 'nope>1']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('heat-cli has no parameter nope');
    expect((await services.cli(['results', 'search', '--simulation', 'heat-cli', '--where', 'length~1'])).code).toBe(2);
  });

  it('show and stats', async () => {
    const show = await services.cli(['results', 'show', 'cli-run-3']);
    expect(show.code).toBe(0);
    expect(show.stdout).toMatch(/^run_db_path\s+batch\/0\/cli-run-3\.db$/m);
    expect(show.stdout).toMatch(/^input\s+length\s+4\s+number\s+m$/m);
    expect(show.stdout).toMatch(/^output\s+max_temperature\s+303\s+number\s+K$/m);
    const missing = await services.cli(['results', 'show', 'no-such-run']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^simsvc: 404 result not found/);

    const stats = await services.cli(['--json', 'results', 'stats', 'heat-cli', 'length', '--class', 'input']);
    expect(JSON.parse(stats.stdout)).toEqual({
      simulation_name: 'heat-cli',
      param_name: 'length',
      param_class: 'input',
      param_type: 'number',
      count: GOOD,
      avg_value: 5.5,
      min_value: 1,
      max_value: 10,
    });
    expect((await services.cli(['results', 'stats', 'heat-cli', 'max_temperature'])).stdout).toMatch(/^max_value\s+489$/m);
  });

  it('export streams every match from the service as CSV or JSON lines, to stdout or -o FILE, in --order-by order', async () => {
    const csv = await services.cli(['results', 'export', '--simulation', 'heat-cli']);
    expect(csv.code).toBe(0);
    const rows = csv.stdout.trimEnd().split('\r\n');
    expect(rows[0]).toBe('execution_id,simulation_name,simulation_version,status,created_at,in.length,in.mode,out.max_temperature');
    expect(rows).toHaveLength(GOOD + 1);
    expect(rows.find((row) => row.startsWith('cli-run-5,'))).toMatch(/,6,fast,305$/);

    const file = join(services.sandbox, 'exact.jsonl');
    const jsonl = await services.cli([
      'results',
      'export',
      '--simulation',
      'heat-cli',
      '--where',
      'mode=exact',
      '--order-by',
      'out.max_temperature desc',
      '--format',
      'jsonl',
      '-o',
      file,
    ]);
    expect(jsonl).toMatchObject({ code: 0, stdout: '' });
    const hits = readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(hits).toHaveLength(GOOD / 2);
    expect(hits.every((hit) => hit.input_params.mode === 'exact')).toBe(true);
    const temperatures = hits.map((hit) => hit.output_params.max_temperature as number);
    expect(temperatures).toEqual([...temperatures].sort((a, b) => b - a));

    const refused = await services.cli(['results', 'export', '--simulation', 'heat-cli', '--order-by', 'out.max_temperature sideways']);
    expect(refused.code).toBe(2);
  });

  it('download writes the run database byte for byte, under the name the service gives or -o FILE', async () => {
    const into = join(services.sandbox, 'downloads');
    mkdirSync(into, { recursive: true });
    const named = await services.cli(['results', 'download', 'cli-run-3'], { cwd: into });
    expect(named.code).toBe(0);
    expect(named.stdout).toMatch(/^cli-run-3\.db \(\d+ bytes\)$/m);
    const original = readFileSync(join(runs, 'batch', '0', 'cli-run-3.db'));
    expect(readFileSync(join(into, 'cli-run-3.db')).equals(original)).toBe(true);

    const chosen = join(into, 'chosen.db');
    const json = await services.cli(['--json', 'results', 'download', 'cli-run-3', '-o', chosen]);
    expect(JSON.parse(json.stdout)).toEqual({ file: chosen, bytes: original.length });
    expect(readFileSync(chosen).equals(original)).toBe(true);

    const missing = await services.cli(['results', 'download', 'no-such-run', '-o', join(into, 'missing.db')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^simsvc: 404 /);
    expect(existsSync(join(into, 'missing.db'))).toBe(false);
  });

  it('register uploads the files of a directory the service cannot read (404, then 403 by absolute path), and with --upload', async () => {
    const laptop = join(services.sandbox, 'laptop');
    for (const id of ['laptop-1', 'laptop-2']) writeRunDatabase(join(laptop, `${id}.db`), makeRunFixture({ execution_id: id }));
    const run = await services.cli(['--json', 'results', 'register', '.', '--concurrency', '1'], { cwd: laptop });
    expect(run.code).toBe(0);
    const body = JSON.parse(run.stdout);
    expect(body).toMatchObject({ registered: 2, uploaded: 2, skipped: 0, failed: 0 });
    expect(body.runs).toEqual([
      expect.objectContaining({ execution_id: 'laptop-1', outcome: 'registered', uploaded: true }),
      expect.objectContaining({ execution_id: 'laptop-2', outcome: 'registered', uploaded: true }),
    ]);
    const download = join(services.sandbox, 'laptop-1.copy.db');
    expect((await services.cli(['results', 'download', 'laptop-1', '-o', download])).code).toBe(0);
    expect(readFileSync(download).equals(readFileSync(join(laptop, 'laptop-1.db')))).toBe(true);

    // A file the service could read by path, sent anyway.
    writeRunDatabase(join(runs, 'sent', 'sent-1.db'), makeRunFixture({ execution_id: 'sent-1' }));
    const upload = await services.cli(['results', 'register', join(runs, 'sent'), '--root', runs, '--upload']);
    expect(upload).toMatchObject({ code: 0, stdout: 'registered 1 (1 uploaded), skipped 0, failed 0\n' });
    expect(JSON.parse((await services.cli(['--json', 'results', 'show', 'sent-1'])).stdout).run_db_path).toBe('uploads/heat-1d/sent-1.db');
  });

  it('a session the service refuses ends the registration with exit 1', async () => {
    const run = await services.cli(['results', 'register', join(runs, 'batch', '0')], { env: { SIMSVC_SESSION: 'not-a-session' } });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^simsvc: 401 /);
  });
});
