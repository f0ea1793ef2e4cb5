import { BoundedSemaphore } from './bounded-semaphore';
import {
  PASSWORD_CHECKS_AT_ONCE,
  PASSWORD_CHECKS_WAITING,
  PASSWORD_CHECKS_WAITING_PER_ADDRESS,
  PasswordWorkGate,
} from './password-work.gate';
import { AuthError, AuthErrorCode } from './auth.errors';

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('BoundedSemaphore', () => {
  it('admits up to the limit, queues up to maxWaiting, refuses beyond, and hands turns over in order', async () => {
    const semaphore = new BoundedSemaphore(1, 2);
    const order: number[] = [];
    await semaphore.acquire();
    const second = semaphore.acquire()?.then(() => order.push(2));
    const third = semaphore.acquire()?.then(() => order.push(3));
    expect(semaphore.acquire()).toBeNull();
    semaphore.release();
    await second;
    semaphore.release();
    await third;
    expect(order).toEqual([2, 3]);
    semaphore.release();
    expect(semaphore.idle).toBe(true);
  });
});

describe('PasswordWorkGate', () => {
  it('gives one address one turn at a time and refuses it with 429 once its queue is full', async () => {
    const gate = new PasswordWorkGate();
    const first = await gate.enter('10.0.0.1');
    const waiting = Array.from({ length: PASSWORD_CHECKS_WAITING_PER_ADDRESS }, () => gate.enter('10.0.0.1'));
    const refused = await gate.enter('10.0.0.1').catch((error: AuthError) => error);
    expect(refused).toBeInstanceOf(AuthError);
    expect((refused as AuthError).code).toBe(AuthErrorCode.TooManyRequests);
    expect((refused as AuthError).retryAfterSeconds).toBe(1);
    // Another address is not held up by the first one's queue.
    (await gate.enter('10.0.0.2'))();
    first();
    for (const turn of waiting) (await turn)();
  });

  it('answers 503 once the process-wide queue is full', async () => {
    const gate = new PasswordWorkGate();
    const running = await Promise.all(Array.from({ length: PASSWORD_CHECKS_AT_ONCE }, (_, i) => gate.enter(`10.1.0.${i}`)));
    const queued = Array.from({ length: PASSWORD_CHECKS_WAITING }, (_, i) => gate.enter(`10.2.0.${i}`));
    await settled();
    const refused = await gate.enter('10.3.0.1').catch((error: AuthError) => error);
    expect((refused as AuthError).code).toBe(AuthErrorCode.PasswordCheckBusy);
    running.forEach((leave) => leave());
    for (const turn of queued) (await turn)();
  });
});
