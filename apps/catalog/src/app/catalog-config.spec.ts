import { ConfigError, parseServiceConfig } from '@simsvc/platform';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CATALOG_SERVICE, DEFAULT_RESCAN_SECONDS } from './catalog-config';

describe('catalog configuration', () => {
  let directory: string;
  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), 'catalog-config-'));
    writeFileSync(join(directory, 'file.txt'), 'x');
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  const parse = (argv: string[], env: Record<string, string> = {}) => parseServiceConfig(CATALOG_SERVICE, argv, env);

  it('defaults: port 8002, sqlite ./data/catalog.db, no watch directory, queue for approval, 60 s rescans', () => {
    const config = parse([]);
    expect(config).toMatchObject({
      service: 'catalog',
      port: 8002,
      host: '0.0.0.0',
      database: { backend: 'sqlite', path: './data/catalog.db' },
    });
    expect(config.extra).toEqual({ watchDir: undefined, autoRegister: false, rescanSeconds: DEFAULT_RESCAN_SECONDS });
  });

  it('takes --watch-dir and --auto-register from the command line', () => {
    expect(parse(['--watch-dir', directory, '--auto-register']).extra).toEqual({
      watchDir: directory,
      autoRegister: true,
      rescanSeconds: 60,
    });
    expect(parse(['--auto-register', 'false']).extra.autoRegister).toBe(false);
  });

  it('takes them from SIMSVC_CATALOG_WATCH_DIR / SIMSVC_CATALOG_AUTO_REGISTER, the command line winning', () => {
    expect(parse([], { SIMSVC_CATALOG_WATCH_DIR: directory, SIMSVC_CATALOG_AUTO_REGISTER: 'true' }).extra).toMatchObject({
      watchDir: directory,
      autoRegister: true,
    });
    expect(parse(['--auto-register', 'no'], { SIMSVC_CATALOG_AUTO_REGISTER: 'yes' }).extra.autoRegister).toBe(false);
    expect(parse([], { SIMSVC_CATALOG_WATCH_DIR: '', SIMSVC_CATALOG_AUTO_REGISTER: '' }).extra).toMatchObject({
      watchDir: undefined,
      autoRegister: false,
    });
  });

  it('resolves a relative watch directory to an absolute path', () => {
    const config = parse(['--watch-dir', '.']);
    expect(config.extra.watchDir).toBe(process.cwd());
  });

  it.each([
    [['--watch-dir', '/nonexistent/simsvc'], {}, /--watch-dir.*must be an existing directory/],
    [['--watch-dir', 'FILE'], {}, /--watch-dir.*must be a directory/],
    [[], { SIMSVC_CATALOG_AUTO_REGISTER: 'maybe' }, /--auto-register.*SIMSVC_CATALOG_AUTO_REGISTER.*must be true or false/],
    [['--rescan-seconds', '0'], {}, /--rescan-seconds.*must be a positive number/],
    [['--port', '70000'], {}, /--port/],
    [['--backend', 'postgresql'], {}, /--db-url/],
    [['--bogus'], {}, /unknown option '--bogus'/],
  ])('refuses %j %j naming the option', (argv, env, message) => {
    const args = (argv as string[]).map((arg) => (arg === 'FILE' ? join(directory, 'file.txt') : arg));
    expect(() => parse(args, env as Record<string, string>)).toThrow(ConfigError);
    expect(() => parse(args, env as Record<string, string>)).toThrow(message);
  });
});
