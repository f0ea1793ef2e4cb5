import DataLoader from 'dataloader';

const MAX_CALLS_PER_BATCH = 256;

/**
 * A call's answer or its failure. Failures travel as values: DataLoader would take an answer that
 * is `instanceof Error` as a failure, and an error made in another realm (a native driver's,
 * loaded once per process under jest's per-file sandboxes) is not.
 */
type Outcome<Answer> = { answer: Answer } | { failure: unknown };

/**
 * Calls made during one event-loop turn, run as one batch. Requests on different connections
 * arrive as separate callbacks of one poll phase; DataLoader collects their calls until
 * `setImmediate`, after that phase, so under load one statement serves many requests, and a call
 * alone waits for nothing. When a batch of several fails, each call runs again alone: one
 * request's input can fail only that request.
 *
 * One batch runs at a time: calls made while one runs collect into the next (up to
 * MAX_CALLS_PER_BATCH; past it DataLoader opens another, which starts beside it), which starts the
 * turn after it answers. Under load a batch then holds every call of its predecessor's round trip
 * instead of one turn's: a PostgreSQL GET statement served ~16 lookups instead of ~6, and its
 * hit cost 74–77 µs instead of 117–141 µs (docs/benchmarks/2026-11-28-request-path-9.md). The
 * batches of one replica waited on each other's row locks of the counters anyway.
 */
export class TurnBatches<Call, Answer> {
  private readonly loader: DataLoader<Call, Outcome<Answer>>;
  /** Settles when the batch now running has answered (it never rejects: failures are values). */
  private running: Promise<unknown> = Promise.resolve();

  constructor(run: (calls: readonly Call[]) => Promise<Answer[]>) {
    const outcomes = (calls: readonly Call[]): Promise<Outcome<Answer>[]> =>
      run(calls).then(
        (answers) => answers.map((answer) => ({ answer })),
        (failure: unknown) => calls.map(() => ({ failure })),
      );
    const answer = async (calls: readonly Call[]): Promise<Outcome<Answer>[]> => {
      const batch = await outcomes(calls);
      if (calls.length === 1 || batch.every((outcome) => 'answer' in outcome)) return batch;
      return (await Promise.all(calls.map((call) => outcomes([call])))).flat();
    };
    const startNext = (dispatch: () => void) => () => setImmediate(dispatch);
    this.loader = new DataLoader((calls) => (this.running = answer(calls)), {
      cache: false,
      maxBatchSize: MAX_CALLS_PER_BATCH,
      batchScheduleFn: (dispatch) => void this.running.then(startNext(dispatch), startNext(dispatch)),
    });
  }

  async run(call: Call): Promise<Answer> {
    const outcome = await this.loader.load(call);
    if ('failure' in outcome) throw outcome.failure;
    return outcome.answer;
  }
}
