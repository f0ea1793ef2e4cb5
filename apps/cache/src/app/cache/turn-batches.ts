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
 */
export class TurnBatches<Call, Answer> {
  private readonly loader: DataLoader<Call, Outcome<Answer>>;

  constructor(run: (calls: readonly Call[]) => Promise<Answer[]>) {
    const outcomes = (calls: readonly Call[]): Promise<Outcome<Answer>[]> =>
      run(calls).then(
        (answers) => answers.map((answer) => ({ answer })),
        (failure: unknown) => calls.map(() => ({ failure })),
      );
    this.loader = new DataLoader(
      async (calls) => {
        const batch = await outcomes(calls);
        if (calls.length === 1 || batch.every((outcome) => 'answer' in outcome)) return batch;
        return (await Promise.all(calls.map((call) => outcomes([call])))).flat();
      },
      { cache: false, maxBatchSize: MAX_CALLS_PER_BATCH, batchScheduleFn: (callback) => setImmediate(callback) },
    );
  }

  async run(call: Call): Promise<Answer> {
    const outcome = await this.loader.load(call);
    if ('failure' in outcome) throw outcome.failure;
    return outcome.answer;
  }
}
