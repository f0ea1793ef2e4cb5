import { HttpStatus } from '@nestjs/common';
import { DomainError } from '@simsvc/contracts';
import { statusOfCode } from '@simsvc/platform';
import { makeRunFixture, writeRunDatabase } from '@simsvc/testing';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveRunDatabasePath } from './run-database-path';

describe('resolveRunDatabasePath', () => {
  let sandbox: string;
  let root: string;
  let outside: string;

  beforeEach(() => {
    sandbox = realpathSync(mkdtempSync(join(tmpdir(), 'run-db-path-')));
    root = join(sandbox, 'runs');
    outside = join(sandbox, 'elsewhere');
    mkdirSync(root);
    mkdirSync(outside);
  });

  afterEach(() => rmSync(sandbox, { recursive: true, force: true }));

  const writeRun = (path: string): string => writeRunDatabase(path, makeRunFixture());

  async function expectRefusal(promise: Promise<string>, status: HttpStatus, message: string): Promise<void> {
    const error: unknown = await promise.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DomainError);
    const domainError = error as DomainError;
    expect(statusOfCode(domainError.code)).toBe(status);
    expect(domainError.message).toBe(message);
    expect(domainError.message).not.toContain(sandbox);
  }

  describe('inside the root', () => {
    it('defaults to <root>/<execution_id>.db', async () => {
      const path = writeRun(join(root, 'run-1.db'));
      await expect(resolveRunDatabasePath(root, 'run-1')).resolves.toBe(path);
    });

    it('treats null as no requested path', async () => {
      const path = writeRun(join(root, 'run-1.db'));
      await expect(resolveRunDatabasePath(root, 'run-1', null)).resolves.toBe(path);
    });

    it('resolves a relative run_db_path against the root, not the working directory', async () => {
      const path = writeRun(join(root, 'nested', 'a.db'));
      await expect(resolveRunDatabasePath(root, 'ignored', 'nested/a.db')).resolves.toBe(path);
    });

    it('accepts an absolute run_db_path below the root', async () => {
      const path = writeRun(join(root, 'b.db'));
      await expect(resolveRunDatabasePath(root, 'ignored', path)).resolves.toBe(path);
    });

    it('accepts a `..` that stays inside the root', async () => {
      const path = writeRun(join(root, 'c.db'));
      mkdirSync(join(root, 'sub'));
      await expect(resolveRunDatabasePath(root, 'ignored', 'sub/../c.db')).resolves.toBe(path);
    });

    it('follows a symlink that stays inside the root and returns the real file', async () => {
      const target = writeRun(join(root, 'real', 'd.db'));
      symlinkSync(target, join(root, 'link.db'));
      await expect(resolveRunDatabasePath(root, 'ignored', 'link.db')).resolves.toBe(target);
    });

    it('works when the runs root itself is reached through a symlink', async () => {
      const path = writeRun(join(root, 'e.db'));
      const linkedRoot = join(sandbox, 'runs-link');
      symlinkSync(root, linkedRoot);
      await expect(resolveRunDatabasePath(linkedRoot, 'e')).resolves.toBe(path);
      await expect(resolveRunDatabasePath(linkedRoot, 'x', join(linkedRoot, 'e.db'))).resolves.toBe(path);
    });
  });

  describe('outside the root: 403, before any existence check', () => {
    const outsideMessage = 'run_db_path is outside the runs root';

    it('refuses a ../ escape to an existing file', async () => {
      writeRun(join(outside, 'victim.db'));
      await expectRefusal(resolveRunDatabasePath(root, 'x', '../elsewhere/victim.db'), HttpStatus.FORBIDDEN, outsideMessage);
    });

    it('refuses a ../ escape to a file that does not exist', async () => {
      await expectRefusal(resolveRunDatabasePath(root, 'x', '../../nowhere/missing.db'), HttpStatus.FORBIDDEN, outsideMessage);
    });

    it('refuses an execution id that walks out of the root', async () => {
      writeRun(join(outside, 'victim.db'));
      await expectRefusal(resolveRunDatabasePath(root, '../elsewhere/victim'), HttpStatus.FORBIDDEN, outsideMessage);
    });

    it('refuses an absolute path outside the root, existing or not', async () => {
      const victim = writeRun(join(outside, 'victim.db'));
      await expectRefusal(resolveRunDatabasePath(root, 'x', victim), HttpStatus.FORBIDDEN, outsideMessage);
      await expectRefusal(resolveRunDatabasePath(root, 'x', '/etc/passwd'), HttpStatus.FORBIDDEN, outsideMessage);
      await expectRefusal(resolveRunDatabasePath(root, 'x', '/no/such/dir/x.db'), HttpStatus.FORBIDDEN, outsideMessage);
    });

    it('refuses the parent of the root and a sibling whose name starts like the root', async () => {
      mkdirSync(join(sandbox, 'runs-other'));
      writeRun(join(sandbox, 'runs-other', 'f.db'));
      await expectRefusal(resolveRunDatabasePath(root, 'x', '..'), HttpStatus.FORBIDDEN, outsideMessage);
      await expectRefusal(resolveRunDatabasePath(root, 'x', '../runs-other/f.db'), HttpStatus.FORBIDDEN, outsideMessage);
    });

    it('refuses a symlink in the root that points at a file outside it', async () => {
      const victim = writeRun(join(outside, 'victim.db'));
      symlinkSync(victim, join(root, 'evil.db'));
      await expectRefusal(resolveRunDatabasePath(root, 'evil'), HttpStatus.FORBIDDEN, outsideMessage);
    });

    it('refuses a dangling symlink that points outside the root', async () => {
      symlinkSync(join(outside, 'not-yet.db'), join(root, 'dangling.db'));
      await expectRefusal(resolveRunDatabasePath(root, 'x', 'dangling.db'), HttpStatus.FORBIDDEN, outsideMessage);
    });

    it('refuses a relative dangling symlink chain that ends outside the root', async () => {
      symlinkSync('hop.db', join(root, 'start.db'));
      symlinkSync('../elsewhere/ghost.db', join(root, 'hop.db'));
      await expectRefusal(resolveRunDatabasePath(root, 'start'), HttpStatus.FORBIDDEN, outsideMessage);
    });

    it('refuses a missing file below a symlinked directory that points outside the root', async () => {
      symlinkSync(outside, join(root, 'portal'));
      await expectRefusal(resolveRunDatabasePath(root, 'x', 'portal/ghost.db'), HttpStatus.FORBIDDEN, outsideMessage);
      symlinkSync(join(outside, 'no-dir'), join(root, 'dangling-dir'));
      await expectRefusal(resolveRunDatabasePath(root, 'x', 'dangling-dir/ghost.db'), HttpStatus.FORBIDDEN, outsideMessage);
    });
  });

  describe('inside the root but not a run database file', () => {
    it('answers 404 when the file does not exist', async () => {
      await expectRefusal(resolveRunDatabasePath(root, 'missing'), HttpStatus.NOT_FOUND, 'run database not found');
      await expectRefusal(resolveRunDatabasePath(root, 'x', 'no/such/dir.db'), HttpStatus.NOT_FOUND, 'run database not found');
    });

    it('answers 404 when a path component is a file', async () => {
      writeFileSync(join(root, 'plain'), 'x');
      await expectRefusal(resolveRunDatabasePath(root, 'x', 'plain/a.db'), HttpStatus.NOT_FOUND, 'run database not found');
    });

    it('answers 404 for a dangling symlink that stays inside the root', async () => {
      symlinkSync(join(root, 'later.db'), join(root, 'soon.db'));
      await expectRefusal(resolveRunDatabasePath(root, 'soon'), HttpStatus.NOT_FOUND, 'run database not found');
    });

    it('answers 422 for a directory, including the root itself', async () => {
      mkdirSync(join(root, 'dir.db'));
      const message = 'run database is not a regular file';
      await expectRefusal(resolveRunDatabasePath(root, 'dir'), HttpStatus.UNPROCESSABLE_ENTITY, message);
      await expectRefusal(resolveRunDatabasePath(root, 'x', '.'), HttpStatus.UNPROCESSABLE_ENTITY, message);
    });

    it('answers 422 for a symlink loop', async () => {
      symlinkSync(join(root, 'b.db'), join(root, 'a.db'));
      symlinkSync(join(root, 'a.db'), join(root, 'b.db'));
      await expectRefusal(
        resolveRunDatabasePath(root, 'a'),
        HttpStatus.UNPROCESSABLE_ENTITY,
        'run_db_path has too many levels of symbolic links',
      );
    });

    it('answers 422 for a path with a NUL byte', async () => {
      await expectRefusal(resolveRunDatabasePath(root, 'x', 'a\0.db'), HttpStatus.UNPROCESSABLE_ENTITY, 'run_db_path is not a valid path');
    });
  });
});
