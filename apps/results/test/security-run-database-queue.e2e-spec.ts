import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { Response } from 'supertest';
import { expectError, useResultsService } from './support/results-test-service';

// Real services on real databases, on shared CI machines: more than jest's default 5 s.
jest.setTimeout(180_000);

/** The read deadline of a run database (run-database-limits.ts), counted from the request's arrival. */
const DEADLINE_MS = 10_000;
/** Slack for scheduling on a busy 2-core machine (CI runs this beside other suites): answers come
 * within the deadline plus this; without the queue they took 20 s and more. */
const SLACK_MS = 5_000;
/** Reads one address may have waiting or running at once (run-database-queue.ts). */
const READS_PER_ADDRESS = 8;
/** Reads that may wait for a worker, all addresses together (run-database-queue.ts). */
const READS_WAITING = 64;
/** Workers the service starts: one per core, at least two. */
const WORKERS = Math.max(2, availableParallelism());

// Issue 22, item 7: two workers, an unbounded queue and a deadline that started only once a
// worker was free let 8 hostile files from one address make an ordinary registration wait 39.9 s.
describe('POST /register while one address sends slow run databases', () => {
  const results = useResultsService({ args: ['--trusted-proxies', 'loopback'] });
  let token: string;

  beforeAll(async () => {
    token = await results.token();
    mkdirSync(results.runsRoot, { recursive: true });
    writeSlowRunDatabase(join(results.runsRoot, 'slow.db'));
  });

  /** Registers as if from address; resolves with the response and how long it took. */
  async function registerFrom(address: string, body: Record<string, unknown>): Promise<{ response: Response; ms: number }> {
    const started = Date.now();
    const response = await results.http().post('/register').set('X-Session-ID', token).set('X-Forwarded-For', address).send(body);
    return { response, ms: Date.now() - started };
  }

  const slowFrom = (address: string, count: number, label: string) =>
    Array.from({ length: count }, (_, index) => registerFrom(address, { execution_id: `${label}-${index}`, run_db_path: 'slow.db' }));

  /** A slow read ends in one of the clear answers: killed at its deadline, or refused for now with Retry-After. */
  function expectSlowAnswer({ response }: { response: Response }): void {
    if (response.status === 422) {
      expectError(response, 422, 'run database took too long to read');
      return;
    }
    expect([429, 503]).toContain(response.status);
    expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  }

  it('answers an ordinary registration from another address at once, and every slow one within the deadline from its arrival', async () => {
    const ordinary = results.writeRun({ execution_id: 'ordinary-run' });
    const slow = slowFrom('203.0.113.10', 2 * WORKERS, 'slow-a');
    // Let the slow reads arrive first and take the workers.
    await new Promise((resolve) => setTimeout(resolve, 500));

    const { response, ms } = await registerFrom('203.0.113.20', { execution_id: ordinary.execution_id });
    const slowAnswers = await Promise.all(slow);

    expect(response.status).toBe(200);
    expect(ms).toBeLessThan(DEADLINE_MS);
    slowAnswers.forEach(expectSlowAnswer);
    expect(Math.max(...slowAnswers.map((answer) => answer.ms))).toBeLessThan(DEADLINE_MS + SLACK_MS);
  });

  it('refuses reads past the per-address cap with 429 and Retry-After at once', async () => {
    const started = Date.now();
    const slow = slowFrom('203.0.113.30', READS_PER_ADDRESS + 2, 'slow-b');
    const answers = await Promise.all(slow);

    const refused = answers.filter((answer) => answer.response.status === 429);
    expect(refused).toHaveLength(2);
    for (const answer of refused) {
      expectError(answer.response, 429, `too many run databases being read for this address; at most ${READS_PER_ADDRESS} at once`);
      expect(Number(answer.response.headers['retry-after'])).toBe(DEADLINE_MS / 1000);
      expect(answer.ms).toBeLessThan(SLACK_MS);
    }
    answers.forEach(expectSlowAnswer);
    expect(Date.now() - started).toBeLessThan(DEADLINE_MS + SLACK_MS);
  });

  it('refuses reads with 503 and Retry-After once the queue is full, and answers the queued ones within the deadline', async () => {
    const addresses = Math.ceil((READS_WAITING + WORKERS) / READS_PER_ADDRESS) + 1;
    const slow = Array.from({ length: addresses }, (_, index) => slowFrom(`198.51.100.${index + 1}`, READS_PER_ADDRESS, `slow-c${index}`));
    const answers = await Promise.all(slow.flat());

    const busy = answers.filter((answer) => answer.response.status === 503);
    expect(busy.length).toBeGreaterThanOrEqual(addresses * READS_PER_ADDRESS - READS_WAITING - WORKERS);
    expect(busy.some((answer) => answer.ms < SLACK_MS)).toBe(true);
    for (const answer of busy) {
      expectError(answer.response, 503, 'run database readers are busy; retry later');
      expect(Number(answer.response.headers['retry-after'])).toBe(DEADLINE_MS / 1000);
    }
    answers.forEach(expectSlowAnswer);
    expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(DEADLINE_MS + SLACK_MS);
  });
});

/**
 * A run database whose schema SQLite takes far longer than the deadline to parse: 200,000
 * views (parsing them grows faster than their number; 100,000 took 5 s here). Written as
 * sqlite_schema rows, as one CREATE VIEW after another would take minutes.
 */
function writeSlowRunDatabase(file: string): void {
  const db = new Database(file);
  db.exec('CREATE TABLE inputs (name TEXT)');
  db.unsafeMode(true);
  db.pragma('writable_schema = ON');
  const view = db.prepare("INSERT INTO sqlite_schema (type, name, tbl_name, rootpage, sql) VALUES ('view', @name, @name, 0, @sql)");
  db.transaction(() => {
    for (let index = 0; index < 200_000; index += 1) {
      view.run({ name: `v${index}`, sql: `CREATE VIEW v${index} AS SELECT * FROM inputs, inputs AS b` });
    }
  })();
  db.close();
}
