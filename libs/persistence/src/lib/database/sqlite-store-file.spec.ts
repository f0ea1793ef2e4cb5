import { chmodSync, chownSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareSqliteStoreFile } from './sqlite-store-file';
import { StoreStartupError } from './store-startup-error';

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('prepareSqliteStoreFile', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'simsvc-store-file-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('creates missing directories 0700 and the file 0600, with no warning', () => {
    const path = join(root, 'data', 'nested', 'auth.db');
    expect(prepareSqliteStoreFile('auth', path)).toEqual({});
    expect(modeOf(join(root, 'data'))).toBe(0o700);
    expect(modeOf(join(root, 'data', 'nested'))).toBe(0o700);
    expect(modeOf(path)).toBe(0o600);
  });

  it('leaves an existing file as it is and warns when group or others may read it', () => {
    const path = join(root, 'cache.db');
    writeFileSync(path, 'kept');
    chmodSync(path, 0o644);
    expect(prepareSqliteStoreFile('cache', path).warning).toBe(
      `cache database file ${path} is readable or writable by group or others (mode 0644); run chmod 600 on it and its -wal and -shm files`,
    );
    expect(modeOf(path)).toBe(0o644);
    expect(statSync(path).size).toBe(4);
    chmodSync(path, 0o600);
    expect(prepareSqliteStoreFile('cache', path)).toEqual({});
  });

  it('tightens an owner-only store file, and its -wal and -shm files, to 0600 when the service user owns them', () => {
    const path = join(root, 'auth.db');
    for (const file of [path, `${path}-wal`, `${path}-shm`]) {
      writeFileSync(file, 'kept');
      chmodSync(file, 0o644);
    }
    expect(prepareSqliteStoreFile('auth', path, true).warning).toBe(
      `auth database file ${path} is readable or writable by group or others (mode 0644); its mode is now 0600`,
    );
    expect([modeOf(path), modeOf(`${path}-wal`), modeOf(`${path}-shm`)]).toEqual([0o600, 0o600, 0o600]);
    expect(prepareSqliteStoreFile('auth', path, true)).toEqual({});
  });

  // Only root can give a file to another user.
  (process.getuid?.() === 0 ? it : it.skip)(
    'refuses an owner-only store file open to others that another user owns, naming the fix',
    () => {
      const path = join(root, 'auth.db');
      writeFileSync(path, 'kept');
      chmodSync(path, 0o644);
      chownSync(path, 65534, 65534);
      expect(() => prepareSqliteStoreFile('auth', path, true)).toThrow(
        new StoreStartupError(
          `auth database file ${path} is readable or writable by group or others (mode 0644) and not owned by the service's user (uid 0); as root run: chown 0 ${path} && chmod 600 ${path}`,
        ),
      );
      expect(modeOf(path)).toBe(0o644);
    },
  );

  it('names a parent that is a file', () => {
    writeFileSync(join(root, 'plain'), '');
    const path = join(root, 'plain', 'sub', 'cache.db');
    expect(() => prepareSqliteStoreFile('cache', path)).toThrow(
      new StoreStartupError(`cache database file ${path} cannot be opened (${join(root, 'plain')} is not a directory)`),
    );
  });

  it('names a path that is a directory', () => {
    expect(() => prepareSqliteStoreFile('auth', root)).toThrow(`auth database file ${root} cannot be opened (it is a directory)`);
  });
});
