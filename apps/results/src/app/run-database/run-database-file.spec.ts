import { HttpStatus } from '@nestjs/common';
import { DomainError } from '@simsvc/contracts';
import { statusOfCode } from '@simsvc/platform';
import { makeRunFixture, writeRunDatabase } from '@simsvc/testing';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PrivateDirectory } from './private-directory';
import { RunDatabaseReader } from './run-database.reader';
import { RunDatabaseWorkers } from './run-database-workers';

// How a run database is taken and copied (run-database.worker.ts) and what its refusals become
// (run-database-file.ts). The path given to the reader was checked by name
// (resolveRunDatabasePath); these specs stand for what can change between that check and the open.
describe('run database file', () => {
  const workers = new RunDatabaseWorkers(1);
  let sandbox: string;
  let root: string;
  let outside: string;
  let copies: PrivateDirectory;
  let reader: RunDatabaseReader;

  afterAll(() => workers.onModuleDestroy());

  beforeEach(() => {
    sandbox = realpathSync(mkdtempSync(join(tmpdir(), 'run-db-file-')));
    root = join(sandbox, 'runs');
    outside = join(sandbox, 'outside');
    mkdirSync(root);
    mkdirSync(outside);
    copies = new PrivateDirectory(join(sandbox, 'copies-'));
    reader = new RunDatabaseReader({}, workers, copies);
  });
  afterEach(() => rmSync(sandbox, { recursive: true, force: true }));

  /** The files in a directory once deleting them has had up to 2 s to happen. */
  async function filesLeftIn(directory: string): Promise<string[]> {
    for (let waited = 0; readdirSync(directory).length > 0 && waited < 2000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return readdirSync(directory);
  }

  async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(DomainError);
    return { status: statusOfCode((error as DomainError).code), message: (error as DomainError).message };
  }

  it('copies the file into a private directory (0700) as mode 0600 for the lease, and deletes it after', async () => {
    const file = writeRunDatabase(join(root, 'run.db'), makeRunFixture());
    const directory = await copies.path();
    const target = join(directory, 'copy.db');

    // The worker copies the file with the lease's first statement.
    const seen = await workers.withDatabase({ source: file, root, target, maxFileBytes: 1024 * 1024 }, 10_000, async (db) => {
      await db.all('SELECT 1 AS one');
      return { same: readFileSync(target).equals(readFileSync(file)), mode: statSync(target).mode & 0o777 };
    });
    // The copy is deleted with the lease's close, which the next lease of the one worker waits behind.
    await reader.read(root, file);

    expect(seen).toEqual({ same: true, mode: 0o600 });
    expect(statSync(directory).mode & 0o777).toBe(0o700);
    expect(existsSync(target)).toBe(false);
    // The reader's own copy goes with its lease's close, which is not awaited by the read.
    expect(await filesLeftIn(directory)).toEqual([]);
  });

  it('makes the private directory again when it has disappeared', async () => {
    const fixture = makeRunFixture();
    const file = writeRunDatabase(join(root, 'run.db'), fixture);
    await reader.read(root, file);
    rmSync(await copies.path(), { recursive: true, force: true });

    const again = await reader.read(root, file);

    expect(again.run.execution_id).toBe(fixture.execution_id);
    expect(existsSync(await copies.path())).toBe(true);
  });

  it('refuses with 403 when a directory on the checked path was swapped for a symlink to outside the root', async () => {
    writeRunDatabase(join(outside, 'run.db'), makeRunFixture());
    symlinkSync(outside, join(root, 'swapped'));

    expect(await refusal(reader.read(root, join(root, 'swapped', 'run.db')))).toEqual({
      status: HttpStatus.FORBIDDEN,
      message: 'run_db_path is outside the runs root',
    });
  });

  it('refuses with 422 when the checked file itself was swapped for a symlink', async () => {
    const target = writeRunDatabase(join(root, 'real.db'), makeRunFixture());
    symlinkSync(target, join(root, 'run.db'));

    expect(await refusal(reader.read(root, join(root, 'run.db')))).toEqual({
      status: HttpStatus.UNPROCESSABLE_ENTITY,
      message: 'run database is not a regular file',
    });
  });

  it('refuses a file larger than the limit with 413, naming the limit', async () => {
    const file = writeRunDatabase(join(root, 'run.db'), makeRunFixture());
    const size = statSync(file).size;

    expect(await refusal(reader.read(root, file, { maxFileBytes: 4096 }))).toEqual({
      status: HttpStatus.PAYLOAD_TOO_LARGE,
      message: `run database is ${size} bytes; at most 4096 are accepted (--max-run-db-bytes)`,
    });
  });
});
