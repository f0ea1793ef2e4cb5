import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../usage-error';
import { findRunFiles, RealPaths, realRoot, runDbPath } from './run-files';

describe('runDbPath', () => {
  it.each([
    ['/srv/runs/a.db', '/srv/runs', 'a.db'],
    ['/srv/runs/project/2026/a.db', '/srv/runs', 'project/2026/a.db'],
    ['/srv/runs/..a.db', '/srv/runs', '..a.db'],
    ['/a.db', '/', 'a.db'],
  ])('%s under %s is %s', (file, root, expected) => {
    expect(runDbPath(file, root)).toBe(expected);
  });

  it.each([
    ['/srv/other/a.db', '/srv/runs'],
    ['/srv/runs-2/a.db', '/srv/runs'],
    ['/srv/runs', '/srv/runs'],
    ['/srv', '/srv/runs'],
  ])('%s is outside %s', (file, root) => {
    expect(runDbPath(file, root)).toBeUndefined();
  });
});

describe('findRunFiles', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'simsvc-cli-files-'));
    mkdirSync(join(dir, 'runs/b/c'), { recursive: true });
    for (const file of ['runs/z.db', 'runs/a.db', 'runs/b/c/deep.db', 'runs/notes.txt', 'runs/b/x.db-wal'])
      writeFileSync(join(dir, file), '');
    symlinkSync(join(dir, 'runs/a.db'), join(dir, 'runs/link.db'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('finds *.db recursively in directories, sorted, and takes files as given', async () => {
    const files = await findRunFiles([join(dir, 'runs'), join(dir, 'runs/notes.txt'), join(dir, 'runs/a.db')]);
    expect(files.map((file) => file.slice(dir.length + 1))).toEqual([
      'runs/a.db',
      'runs/b/c/deep.db',
      'runs/link.db',
      'runs/z.db',
      'runs/notes.txt',
    ]);
  });

  it('refuses a path that does not exist', async () => {
    await expect(findRunFiles([join(dir, 'nope')])).rejects.toThrow(UsageError);
  });

  it('realRoot follows symlinks and refuses a file', async () => {
    symlinkSync(join(dir, 'runs'), join(dir, 'runs-link'));
    await expect(realRoot(join(dir, 'runs-link'))).resolves.toMatch(/runs$/);
    await expect(realRoot(join(dir, 'runs/a.db'))).rejects.toThrow('not a directory');
  });
});

describe('RealPaths', () => {
  it('follows a symlinked directory and a symlinked file', () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'simsvc-cli-real-')));
    try {
      mkdirSync(join(dir, 'real'));
      writeFileSync(join(dir, 'real', 'a.db'), '');
      symlinkSync(join(dir, 'real'), join(dir, 'linked'));
      symlinkSync(join(dir, 'real', 'a.db'), join(dir, 'b.db'));
      const paths = new RealPaths();
      expect(paths.of(join(dir, 'linked', 'a.db'))).toBe(join(dir, 'real', 'a.db'));
      expect(paths.of(join(dir, 'b.db'))).toBe(join(dir, 'real', 'a.db'));
      expect(paths.of(join(dir, 'real', 'a.db'))).toBe(join(dir, 'real', 'a.db'));
      expect(() => paths.of(join(dir, 'missing.db'))).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
