import { ADMIN } from '@simsvc/testing';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '@simsvc/testing';
import { CliServices, runCli } from './support/cli-services';

jest.setTimeout(60_000);

describe('simsvc login, whoami, logout and exit statuses', () => {
  let services: CliServices;
  const sessionFile = () => join(services.configHome, 'simsvc', 'session.json');

  beforeAll(async () => {
    services = await CliServices.start();
  }, 120_000);
  afterAll(() => services?.close());

  it('logs in with the password on stdin and stores the session 0600 under XDG_CONFIG_HOME, per cache URL', async () => {
    const run = await services.cli(['login', '--username', ADMIN.username, '--password-stdin'], { input: `${ADMIN.password}\n` });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain(`logged in as ${ADMIN.username} (admin)`);
    expect(statSync(sessionFile()).mode & 0o777).toBe(0o600);
    expect(statSync(join(services.configHome, 'simsvc')).mode & 0o777).toBe(0o700);
    const stored = JSON.parse(readFileSync(sessionFile(), 'utf8'));
    expect(Object.keys(stored.sessions)).toEqual([services.urls.cache]);

    const whoami = await services.cli(['whoami']);
    expect(whoami.code).toBe(0);
    expect(whoami.stdout).toMatch(/^username\s+admin$/m);
    expect(whoami.stdout).toMatch(/^role\s+admin$/m);
  });

  it('--json prints exactly the service body', async () => {
    const run = await services.cli(['--json', 'whoami']);
    expect(run.code).toBe(0);
    const body = JSON.parse(run.stdout);
    expect(body).toEqual({ valid: true, username: 'admin', role: 'admin', privileges: expect.any(Array), expires_at: expect.any(String) });
  });

  it('a wrong password is the service refusing: exit 1 and one line on stderr', async () => {
    const run = await services.cli(['login', '--username', ADMIN.username, '--password-stdin'], { input: 'wrong-password\n' });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^simsvc: 401 invalid username or password \(request [\w-]+\)\n$/);
  });

  it('logout revokes the session on the server and deletes the file', async () => {
    await services.loginAdmin();
    const token = JSON.parse(readFileSync(sessionFile(), 'utf8')).sessions[services.urls.cache].token as string;
    const run = await services.cli(['logout']);
    expect(run).toMatchObject({ code: 0, stdout: 'logged out\n' });
    expect(existsSync(sessionFile())).toBe(false);
    const revoked = await services.cli(['--session', token, 'whoami']);
    expect(revoked.code).toBe(1);
    expect(revoked.stderr).toMatch(/^simsvc: 401 /);
    const again = await services.cli(['logout']);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('not logged in');
  });

  it('an anonymous session, with its lifetime', async () => {
    const run = await services.cli(['--json', 'login', '--anonymous', '--hours', '2']);
    expect(run.code).toBe(0);
    const body = JSON.parse(run.stdout);
    expect(body).toMatchObject({ username: null, role: 'anonymous', token: expect.any(String) });
    const hours = (Date.parse(`${body.expires_at}Z`) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(1.9);
    expect(hours).toBeLessThanOrEqual(2);
    expect((await services.cli(['whoami'])).stdout).toMatch(/^role\s+anonymous$/m);
    expect((await services.cli(['logout'])).code).toBe(0);
  });

  it('SIMSVC_SESSION and --session use a session without a stored one', async () => {
    const login = await services.cli(['--json', 'login', '--username', ADMIN.username, '--password-stdin'], { input: ADMIN.password });
    const { token } = JSON.parse(login.stdout);
    const other = { XDG_CONFIG_HOME: join(services.sandbox, 'elsewhere') };
    expect((await services.cli(['whoami'], { env: other })).code).toBe(2);
    expect((await services.cli(['whoami'], { env: { ...other, SIMSVC_SESSION: token } })).stdout).toMatch(/^username\s+admin$/m);
    expect((await services.cli(['--session', token, 'whoami'], { env: other })).code).toBe(0);
  });

  describe('exit statuses', () => {
    it('2 for usage errors: unknown command or option, bad option value, no password source', async () => {
      for (const args of [
        ['frobnicate'],
        ['cache', 'stats', '--frob'],
        ['cache', 'stats', '--simulation-id', 'x'],
        ['login', '--username', 'admin'],
      ]) {
        const run = await services.cli(args);
        expect({ args, code: run.code }).toEqual({ args, code: 2 });
        expect(run.stderr).toMatch(/^simsvc: /);
      }
    });

    it('3 when the service cannot be reached', async () => {
      const closed = `http://127.0.0.1:${await freePort()}`;
      const run = await services.cli(['--cache-url', closed, 'cache', 'stats']);
      expect(run.code).toBe(3);
      expect(run.stderr).toBe(`simsvc: cannot reach ${closed}: ECONNREFUSED\n`);
      const results = await services.cli(['results', 'show', 'x'], { env: { SIMSVC_RESULTS_URL: closed } });
      expect(results.code).toBe(3);
    });

    it('0 for --help and --version', async () => {
      const help = await runCli(['results', 'register', '--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('Examples:');
      expect((await runCli(['--version'])).stdout).toBe('0.1.0\n');
    });
  });
});
