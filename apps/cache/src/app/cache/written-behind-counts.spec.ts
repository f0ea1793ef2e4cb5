import { WrittenBehindCounts } from './written-behind-counts';

describe('WrittenBehindCounts', () => {
  const counts = () =>
    new WrittenBehindCounts(
      () => Promise.resolve(),
      () => undefined,
    );

  it("gives an entry's hits not yet written, this one included, and the latest access", () => {
    const pending = counts();
    expect(pending.hit('k', 7, 100)).toBe(1);
    expect(pending.hit('k', 7, 90)).toBe(2);
    expect(pending.hit('other', 7, 95)).toBe(1);
    pending.miss(0);
    expect(pending.take()).toEqual({
      counters: [
        { simulationId: 7, hits: 3, misses: 0 },
        { simulationId: 0, hits: 0, misses: 1 },
      ],
      entries: [
        { cacheKey: 'k', hits: 2, lastAccessedAt: 100 },
        { cacheKey: 'other', hits: 1, lastAccessedAt: 95 },
      ],
    });
    expect(pending.empty).toBe(true);
    expect(pending.hit('k', 7, 110)).toBe(1);
  });

  it("forgets a replaced entry's hits and keeps them in its simulation's counter", () => {
    const pending = counts();
    pending.hit('k', 3, 1);
    pending.forget('k');
    expect(pending.take()).toEqual({ counters: [{ simulationId: 3, hits: 1, misses: 0 }], entries: [] });
  });

  it('puts a batch whose write failed back, added to what was counted since', () => {
    const pending = counts();
    pending.hit('k', 3, 10);
    const failed = pending.take();
    pending.hit('k', 3, 5);
    pending.restore(failed);
    expect(pending.hit('k', 3, 1)).toBe(3);
    expect(pending.take()).toEqual({
      counters: [{ simulationId: 3, hits: 3, misses: 0 }],
      entries: [{ cacheKey: 'k', hits: 3, lastAccessedAt: 10 }],
    });
  });

  it('writes by itself after the first count, unasked', async () => {
    let written: () => void = () => undefined;
    const write = new Promise<void>((resolve) => (written = resolve));
    const pending = new WrittenBehindCounts(
      async () => written(),
      () => undefined,
    );
    pending.miss(1);
    await write;
  });
});
