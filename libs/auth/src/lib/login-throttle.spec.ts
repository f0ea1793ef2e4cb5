import { LoginFailureRepository } from '@simsvc/persistence';
import { LoginThrottle, MAX_LOGIN_FAILURES, TooManyLoginAttemptsException } from './login-throttle';

/** The repository's contract, in memory. */
class MemoryFailures {
  rows: { client: string; username: string; at: number }[] = [];
  async record(client: string, username: string, at: number) {
    this.rows.push({ client, username, at });
  }
  async recent(client: string, username: string, since: number, limit: number) {
    return this.rows
      .filter((row) => row.client === client && row.username === username && row.at > since)
      .map((row) => row.at)
      .sort((a, b) => b - a)
      .slice(0, limit);
  }
  async deleteOlderThan(before: number) {
    const count = this.rows.length;
    this.rows = this.rows.filter((row) => row.at > before);
    return count - this.rows.length;
  }
}

describe('LoginThrottle', () => {
  let failures: MemoryFailures;
  let throttle: LoginThrottle;

  beforeEach(() => {
    jest.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
    failures = new MemoryFailures();
    throttle = new LoginThrottle(failures as unknown as LoginFailureRepository);
  });
  afterEach(() => jest.useRealTimers());

  const fail = async (client = '10.0.0.1', username = 'alice') => {
    await throttle.assertAllowed(client, username);
    await throttle.recordFailure(client, username);
  };

  it('allows five failures, then refuses with 429 and the seconds to wait', async () => {
    for (let i = 0; i < MAX_LOGIN_FAILURES; i++) await fail();
    jest.advanceTimersByTime(10_000);
    const error = await throttle.assertAllowed('10.0.0.1', 'alice').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TooManyLoginAttemptsException);
    const refused = error as TooManyLoginAttemptsException;
    expect(refused.getStatus()).toBe(429);
    expect(refused.message).toBe('too many failed logins; retry later');
    expect(refused.retryAfterSeconds).toBe(50);
  });

  it('allows four failures', async () => {
    for (let i = 0; i < MAX_LOGIN_FAILURES - 1; i++) await fail();
    await expect(throttle.assertAllowed('10.0.0.1', 'alice')).resolves.toBeUndefined();
  });

  it('keeps the count per (client address, username)', async () => {
    for (let i = 0; i < MAX_LOGIN_FAILURES; i++) await fail();
    await expect(throttle.assertAllowed('10.0.0.2', 'alice')).resolves.toBeUndefined();
    await expect(throttle.assertAllowed('10.0.0.1', 'bob')).resolves.toBeUndefined();
  });

  it('lets attempts through again once failures leave the 60 s window, counting from the fifth most recent', async () => {
    for (let i = 0; i < MAX_LOGIN_FAILURES + 2; i++) {
      await failures.record('10.0.0.1', 'alice', Date.now() * 1000);
      jest.advanceTimersByTime(1000);
    }
    // Failures at t = 0..6 s, now t = 7 s: the fifth newest (t = 2 s) leaves the window at 62 s.
    const error = (await throttle.assertAllowed('10.0.0.1', 'alice').catch((caught: unknown) => caught)) as TooManyLoginAttemptsException;
    expect(error.retryAfterSeconds).toBe(55);
    jest.advanceTimersByTime(54_000);
    await expect(throttle.assertAllowed('10.0.0.1', 'alice')).rejects.toThrow(TooManyLoginAttemptsException);
    jest.advanceTimersByTime(1_001);
    await expect(throttle.assertAllowed('10.0.0.1', 'alice')).resolves.toBeUndefined();
  });

  it('purges failures older than the window', async () => {
    await fail();
    jest.advanceTimersByTime(61_000);
    await throttle.assertAllowed('10.0.0.9', 'carol');
    await Promise.resolve();
    expect(failures.rows).toHaveLength(0);
  });
});
