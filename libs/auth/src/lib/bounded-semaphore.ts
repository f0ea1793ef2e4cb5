/**
 * At most `limit` holders at once and at most `maxWaiting` waiting for a turn; a release hands
 * the turn straight to the longest waiter. Hand-written: the gate needs "refuse when the queue is
 * full" rather than an unbounded queue, which is all the common promise-limit packages offer.
 */
export class BoundedSemaphore {
  private holders = 0;
  private readonly waiters: (() => void)[] = [];

  constructor(
    readonly limit: number,
    readonly maxWaiting: number,
  ) {}

  get idle(): boolean {
    return this.holders === 0 && this.waiters.length === 0;
  }

  /** Resolves when the turn is ours; null (at once) when the queue is full. */
  acquire(): Promise<void> | null {
    if (this.holders < this.limit) {
      this.holders += 1;
      return Promise.resolve();
    }
    if (this.waiters.length >= this.maxWaiting) return null;
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.holders -= 1;
  }
}
