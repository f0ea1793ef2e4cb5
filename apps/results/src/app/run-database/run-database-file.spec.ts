import { HttpException, HttpStatus } from '@nestjs/common';
import { makeRunFixture, writeRunDatabase } from '@simsvc/testing';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PrivateDirectory } from './private-directory';
import { copyRunDatabase } from './run-database-file';

// The path given to copyRunDatabase was checked by name (resolveRunDatabasePath); these specs
// stand for what can change between that check and the open.
describe('copyRunDatabase', () => {
  let sandbox: string;
  let root: string;
  let outside: string;
  let copies: PrivateDirectory;

  beforeEach(() => {
    sandbox = realpathSync(mkdtempSync(join(tmpdir(), 'run-db-file-')));
    root = join(sandbox, 'runs');
    outside = join(sandbox, 'outside');
    mkdirSync(root);
    mkdirSync(outside);
    copies = new PrivateDirectory(join(sandbox, 'copies-'));
  });
  afterEach(() => rmSync(sandbox, { recursive: true, force: true }));

  async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(HttpException);
    return { status: (error as HttpException).getStatus(), message: (error as HttpException).message };
  }

  it('copies the file into a private directory (0700) as mode 0600, and removes it again', async () => {
    const file = writeRunDatabase(join(root, 'run.db'), makeRunFixture());

    const copy = await copyRunDatabase(root, file, copies, 1024 * 1024);

    expect(readFileSync(copy.path).equals(readFileSync(file))).toBe(true);
    expect(statSync(copy.path).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(copy.path)).mode & 0o777).toBe(0o700);
    await copy.remove();
    expect(existsSync(copy.path)).toBe(false);
  });

  it('makes the private directory again when it has disappeared', async () => {
    const file = writeRunDatabase(join(root, 'run.db'), makeRunFixture());
    const first = await copyRunDatabase(root, file, copies, 1024 * 1024);
    rmSync(dirname(first.path), { recursive: true, force: true });

    const again = await copyRunDatabase(root, file, copies, 1024 * 1024);

    expect(readFileSync(again.path).length).toBe(readFileSync(file).length);
  });

  it('refuses with 403 when a directory on the checked path was swapped for a symlink to outside the root', async () => {
    writeRunDatabase(join(outside, 'run.db'), makeRunFixture());
    symlinkSync(outside, join(root, 'swapped'));

    expect(await refusal(copyRunDatabase(root, join(root, 'swapped', 'run.db'), copies, 1024 * 1024))).toEqual({
      status: HttpStatus.FORBIDDEN,
      message: 'run_db_path is outside the runs root',
    });
  });

  it('refuses with 422 when the checked file itself was swapped for a symlink', async () => {
    const target = writeRunDatabase(join(root, 'real.db'), makeRunFixture());
    symlinkSync(target, join(root, 'run.db'));

    expect(await refusal(copyRunDatabase(root, join(root, 'run.db'), copies, 1024 * 1024))).toEqual({
      status: HttpStatus.UNPROCESSABLE_ENTITY,
      message: 'run database is not a regular file',
    });
  });

  it('refuses a file larger than the limit with 422, naming the limit', async () => {
    const file = writeRunDatabase(join(root, 'run.db'), makeRunFixture());
    const size = statSync(file).size;

    expect(await refusal(copyRunDatabase(root, file, copies, 4096))).toEqual({
      status: HttpStatus.UNPROCESSABLE_ENTITY,
      message: `run database is ${size} bytes; at most 4096 are accepted`,
    });
  });
});
