'use strict';
// Closed-loop load: `concurrency` workers, each sending one request after another until the
// duration has passed, `stopWhen` says so, or it has sent `maxPerWorker` requests.

/**
 * @param {object} options
 * @param {number} options.concurrency
 * @param {number} options.durationMs the load stops after this long at the latest
 * @param {() => boolean} [options.stopWhen] ... or as soon as this returns true
 * @param {number} [options.maxPerWorker]
 * @param {(worker: number, sequence: number) => Promise<object>} options.task resolves to a result record
 * @param {(elapsedMs: number) => void} [options.onTick] called about every 50 ms while the load runs
 * @returns {Promise<Array<object>>} every result with `sentAt` and `doneAt` (ms since the epoch)
 */
async function runLoad({ concurrency, durationMs, maxPerWorker = 100_000, task, onTick, stopWhen = () => false }) {
  const started = Date.now();
  const stopAt = started + durationMs;
  const results = [];
  let ticking = true;
  const ticker = onTick
    ? (async () => {
        while (ticking) {
          onTick(Date.now() - started);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })()
    : Promise.resolve();
  const worker = async (index) => {
    for (let sequence = 0; sequence < maxPerWorker && Date.now() < stopAt && !stopWhen(); sequence += 1) {
      const sentAt = Date.now();
      const result = await task(index, sequence);
      results.push({ ...result, worker: index, sequence, sentAt, doneAt: Date.now() });
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, (_, index) => worker(index)));
  } finally {
    ticking = false;
    await ticker;
  }
  return results;
}

module.exports = { runLoad };
