import { performance } from 'node:perf_hooks';
import { testBackend, useSessions } from '@simsvc/testing';
import { makeEntry, useCacheService } from './support/cache-test-service';

// Issue 22 item 2: a long key pattern stalled the cache (SQLite: /health blocked 1.1 s per
// request; PostgreSQL: 2 s of database CPU per request). Matching is now bounded: at most 8
// wildcards, SQLite matches in a read worker with a linear matcher, PostgreSQL under a statement
// time limit; anonymous sessions have a write rate on POST /cache.

const PATTERN_TIME_LIMIT_MS = 200;
const WRITES_PER_MINUTE = 5;
/**
 * PostgreSQL's LIKE gives up as soon as a `%` scan reaches the end of a key, so LIKE_PATTERN costs
 * about 500 × 500 character comparisons per key: 3,000 keys (~750 million) keep it well past the
 * time limit on any machine, where 600 finished within 200 ms on a quiet one.
 */
const ATTACK_KEYS = 3000;
/** 1 KB keys of `a`, each with its own tail. */
const attackKey = (index: number) => `${'a'.repeat(1000)}-${index}`;
/** The issue's pattern: SQLite's GLOB and PostgreSQL's LIKE backtrack over every such key. */
const ISSUE_PATTERN = `*${'a'.repeat(1000)}b*`;
/** Its longest literal run occurs in every key, so PostgreSQL's LIKE backtracks over each. */
const LIKE_PATTERN = `*${'a'.repeat(499)}-*${'a'.repeat(499)}c*`;

describe('key pattern bounds (issue 22 item 2)', () => {
  const svc = useCacheService({
    args: ['--pattern-time-limit-ms', String(PATTERN_TIME_LIMIT_MS), '--anonymous-writes-per-minute', String(WRITES_PER_MINUTE)],
  });
  const sessions = useSessions(svc, 'user', 'developer');

  beforeAll(async () => {
    for (let start = 0; start < ATTACK_KEYS; start += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_unused, offset) =>
          svc
            .http()
            .post('/cache')
            .set('X-Session-ID', sessions.user)
            .send(makeEntry({ cache_key: attackKey(start + offset), simulation_id: 2201 }))
            .expect(200),
        ),
      );
    }
  }, 120_000);

  const entries = (pattern: string) =>
    svc.http().get('/cache/entries').query({ pattern, simulation_id: 2201, limit: 1 }).set('X-Session-ID', sessions.user);

  it('refuses a pattern of 9 wildcards with 400 naming the limit of 8, and removes nothing', async () => {
    const nine = 'a*b%c*d%e*f%g*h%i*';
    const listed = await entries(nine);
    expect(listed.status).toBe(400);
    expect(listed.body.message).toBe('pattern has 9 wildcards (* or %); at most 8 are allowed');
    const invalidated = await svc
      .http()
      .post('/cache/invalidate')
      .set('X-Session-ID', sessions.developer)
      .send({ simulation_id: 2201, pattern: '*********' });
    expect(invalidated.status).toBe(400);
    expect(invalidated.body.message).toBe('pattern has 9 wildcards (* or %); at most 8 are allowed');
    expect((await entries('*').expect(200)).body.total).toBe(ATTACK_KEYS);
    await entries('a*b%c*d%e*f%g*h%i').expect(200);
  });

  it("answers the issue's pattern within the bound while /health stays responsive", async () => {
    const healthTimes: number[] = [];
    let attacking = true;
    const health = (async () => {
      while (attacking) {
        const started = performance.now();
        await svc.http().get('/health').expect(200);
        healthTimes.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const started = performance.now();
    const answers = await Promise.all([entries(ISSUE_PATTERN), entries(ISSUE_PATTERN)]);
    const elapsed = performance.now() - started;
    attacking = false;
    await health;
    for (const answer of answers) expect(answer.body).toMatchObject({ total: 0 });
    expect(elapsed).toBeLessThan(1000);
    expect(Math.max(...healthTimes)).toBeLessThan(250);
  });

  it('ends a backtracking match at the time limit on PostgreSQL (503 "pattern too expensive"); SQLite matches it at once', async () => {
    const started = performance.now();
    const answer = await entries(LIKE_PATTERN);
    const elapsed = performance.now() - started;
    if (testBackend() === 'postgresql') {
      expect([answer.status, answer.body.message]).toEqual([503, 'pattern too expensive']);
    } else {
      expect([answer.status, answer.body.total]).toEqual([200, 0]);
    }
    expect(elapsed).toBeLessThan(PATTERN_TIME_LIMIT_MS + 800);
  });

  it('limits POST /cache per anonymous session (429 with Retry-After, nothing stored); user sessions are not limited', async () => {
    const anonymous = await svc.anonymousToken();
    const store = (token: string, key: string) =>
      svc
        .http()
        .post('/cache')
        .set('X-Session-ID', token)
        .send(makeEntry({ cache_key: key, simulation_id: 2202 }));
    for (let index = 0; index < WRITES_PER_MINUTE; index += 1) await store(anonymous, `anon-rate/${index}`).expect(200);
    const refused = await store(anonymous, 'anon-rate/over');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.body.message).toBe('too many cache writes from this anonymous session; retry later');
    await svc.http().get('/cache/anon-rate/over').set('X-Session-ID', sessions.user).expect(404);
    for (let index = 0; index < WRITES_PER_MINUTE * 2; index += 1) await store(sessions.user, `user-rate/${index}`).expect(200);
    await store(await svc.anonymousToken(), 'anon-rate/other-session').expect(200);
  });
});
