import { HttpStatus } from '@nestjs/common';
import { isDomainError } from '@simsvc/contracts';
import { statusOfCode } from '@simsvc/platform';
import { RUN_DATABASE_READS_PER_ADDRESS, RUN_DATABASE_READS_WAITING, RunDatabaseQueue } from './run-database-queue';
import { RunDatabaseError, RunDatabaseErrorCode } from './run-database.errors';

const LATER = () => performance.now() + 60_000;

/** Whether promise has settled after the microtasks queued so far have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('RunDatabaseQueue', () => {
  let queue: RunDatabaseQueue;

  beforeEach(() => {
    queue = new RunDatabaseQueue(2);
  });
  afterEach(() => queue.close());

  it('lets one address hold all workers but one, so that another address starts at once', async () => {
    const first = await queue.enter('hostile', LATER(), 10_000);
    const second = queue.enter('hostile', LATER(), 10_000);
    const other = queue.enter('ordinary', LATER(), 10_000);

    expect(await settled(second)).toBe(false);
    expect(await settled(other)).toBe(true);
    first();
    expect(await settled(second)).toBe(true);
  });

  it('gives a freed worker to the oldest waiting read whose address is below its share', async () => {
    const hostile = await queue.enter('hostile', LATER(), 10_000);
    const ordinary = await queue.enter('ordinary', LATER(), 10_000);
    const hostileAgain = queue.enter('hostile', LATER(), 10_000);
    const third = queue.enter('third', LATER(), 10_000);

    ordinary();

    expect(await settled(third)).toBe(true);
    expect(await settled(hostileAgain)).toBe(false);
    hostile();
    expect(await settled(hostileAgain)).toBe(true);
  });

  it('refuses reads of one address past its cap with 429 and Retry-After', async () => {
    const admitted = Array.from({ length: RUN_DATABASE_READS_PER_ADDRESS }, () => queue.enter('hostile', LATER(), 10_000));
    // The ones still waiting are refused when the queue closes.
    admitted.forEach((read) => read.catch(() => undefined));

    const refused = await queue.enter('hostile', LATER(), 10_000).catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(RunDatabaseError);
    expect(refused).toMatchObject({ code: RunDatabaseErrorCode.TooManyReads, retryAfterSeconds: 10 });
    expect(statusOfCode(RunDatabaseErrorCode.TooManyReads)).toBe(HttpStatus.TOO_MANY_REQUESTS);
  });

  it('refuses reads with 503 once RUN_DATABASE_READS_WAITING wait', async () => {
    const addresses = Math.ceil(RUN_DATABASE_READS_WAITING / (RUN_DATABASE_READS_PER_ADDRESS - 1)) + 2;
    const reads = Array.from({ length: addresses }, (_, address) =>
      Array.from({ length: RUN_DATABASE_READS_PER_ADDRESS - 1 }, () => queue.enter(`a${address}`, LATER(), 5_000)),
    ).flat();
    const outcomes = await Promise.all(
      reads.map(async (read) =>
        (await settled(read))
          ? read.then(
              () => 'started',
              (e) => e,
            )
          : 'waiting',
      ),
    );

    expect(outcomes.filter((outcome) => outcome === 'started')).toHaveLength(2);
    expect(outcomes.filter((outcome) => outcome === 'waiting')).toHaveLength(RUN_DATABASE_READS_WAITING);
    const refused = outcomes.filter((outcome) => isDomainError(outcome, RunDatabaseErrorCode.ReadersBusy));
    expect(refused).toHaveLength(reads.length - 2 - RUN_DATABASE_READS_WAITING);
    expect(refused[0]).toMatchObject({ retryAfterSeconds: 5 });
    expect(statusOfCode(RunDatabaseErrorCode.ReadersBusy)).toBe(HttpStatus.SERVICE_UNAVAILABLE);
  });

  it('refuses a read still waiting at its deadline, counted from its arrival, with 503', async () => {
    await queue.enter('a', LATER(), 10_000);
    await queue.enter('b', LATER(), 10_000);
    const arrived = performance.now();

    const refused = await queue.enter('c', arrived + 100, 10_000).catch((error: unknown) => error);

    expect(refused).toMatchObject({ code: RunDatabaseErrorCode.ReadersBusy });
    expect(performance.now() - arrived).toBeLessThan(1_000);
  });
});
