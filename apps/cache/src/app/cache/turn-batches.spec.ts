import { TurnBatches } from './turn-batches';

/** A batch function whose batches answer only when the test lets them. */
function heldBatches() {
  const batches: { calls: number[]; answer: () => void; fail: () => void }[] = [];
  const turnBatches = new TurnBatches<number, number>(
    (calls) =>
      new Promise<number[]>((resolve, reject) => {
        batches.push({
          calls: [...calls],
          answer: () => resolve(calls.map((call) => call * 10)),
          fail: () => reject(new Error('batch failed')),
        });
      }),
  );
  return { batches, turnBatches };
}

/** A few event-loop turns: enough for any batch that is due to start. */
const nextTurn = async () => {
  for (let turn = 0; turn < 3; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('TurnBatches', () => {
  it('runs the calls of one turn as one batch, and a call alone at the next turn', async () => {
    const { batches, turnBatches } = heldBatches();
    const answers = Promise.all([turnBatches.run(1), turnBatches.run(2)]);
    await nextTurn();
    expect(batches.map((batch) => batch.calls)).toEqual([[1, 2]]);
    batches[0].answer();
    await expect(answers).resolves.toEqual([10, 20]);
  });

  it('collects the calls made while a batch runs into one next batch, started after it answers', async () => {
    const { batches, turnBatches } = heldBatches();
    const first = turnBatches.run(1);
    await nextTurn();
    const later = [turnBatches.run(2)];
    await nextTurn();
    later.push(turnBatches.run(3));
    await nextTurn();
    later.push(turnBatches.run(4));
    await nextTurn();
    expect(batches.map((batch) => batch.calls)).toEqual([[1]]);

    batches[0].answer();
    await expect(first).resolves.toBe(10);
    await nextTurn();
    expect(batches.map((batch) => batch.calls)).toEqual([[1], [2, 3, 4]]);
    batches[1].answer();
    await expect(Promise.all(later)).resolves.toEqual([20, 30, 40]);
  });

  it('starts the next batch after one that failed, whose calls each ran again alone', async () => {
    const { batches, turnBatches } = heldBatches();
    const failing = [turnBatches.run(1), turnBatches.run(2)].map((answer) => answer.catch((error: Error) => error.message));
    await nextTurn();
    const next = turnBatches.run(3);
    batches[0].fail();
    await nextTurn();
    expect(batches.map((batch) => batch.calls)).toEqual([[1, 2], [1], [2]]);
    batches[1].fail();
    batches[2].answer();
    await expect(Promise.all(failing)).resolves.toEqual(['batch failed', 20]);
    await nextTurn();
    expect(batches.map((batch) => batch.calls)).toEqual([[1, 2], [1], [2], [3]]);
    batches[3].answer();
    await expect(next).resolves.toBe(30);
  });
});
