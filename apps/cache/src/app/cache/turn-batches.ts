import DataLoader from 'dataloader';

const MAX_CALLS_PER_BATCH = 256;

/**
 * Calls made during one event-loop turn, run as one batch. Requests on different connections
 * arrive as separate callbacks of one poll phase; DataLoader collects their calls until
 * `setImmediate`, after that phase, so under load one statement serves many requests, and a call
 * alone waits for nothing. When a batch of several fails, each call runs again alone: one
 * request's input can fail only that request.
 */
export class TurnBatches<Call, Answer> {
  private readonly loader: DataLoader<Call, Answer>;

  constructor(run: (calls: readonly Call[]) => Promise<Answer[]>) {
    this.loader = new DataLoader(
      async (calls) => {
        try {
          return await run(calls);
        } catch (error) {
          if (calls.length === 1) throw error;
          return Promise.all(
            calls.map((call) =>
              run([call]).then(
                ([answer]) => answer,
                (failure: Error) => failure,
              ),
            ),
          );
        }
      },
      { cache: false, maxBatchSize: MAX_CALLS_PER_BATCH, batchScheduleFn: (callback) => setImmediate(callback) },
    );
  }

  run(call: Call): Promise<Answer> {
    return this.loader.load(call);
  }
}
