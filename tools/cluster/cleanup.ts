// Teardown that runs exactly once, whatever ends the run: normal completion, a failure, an
// uncaught error, SIGINT or SIGTERM. Steps run newest first, each bounded in time, and one
// failing step never stops the others.

const STEP_TIMEOUT_MS = 40_000;

type Step = { name: string; fn: () => unknown };

export interface Cleanup {
  /** Registers a step; returns a function that unregisters it. */
  add(name: string, fn: () => unknown): () => void;
  addLastResort(fn: () => void): () => boolean;
  run(): Promise<void>;
  installProcessHandlers(): () => void;
}

export function createCleanup({ log = console.error }: { log?: (line: string) => void } = {}): Cleanup {
  const steps: Step[] = [];
  /** Synchronous last resorts (e.g. SIGKILL of children) for a process.exit() that skips the async steps. */
  const lastResorts = new Set<() => void>();
  let running: Promise<void> | null = null;

  function add(name: string, fn: () => unknown): () => void {
    const step = { name, fn };
    steps.push(step);
    return () => {
      const index = steps.indexOf(step);
      if (index >= 0) steps.splice(index, 1);
    };
  }

  function addLastResort(fn: () => void): () => boolean {
    lastResorts.add(fn);
    return () => lastResorts.delete(fn);
  }

  async function runStep({ name, fn }: Step): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${STEP_TIMEOUT_MS / 1000} s`)), STEP_TIMEOUT_MS);
    });
    try {
      await Promise.race([Promise.resolve().then(fn), timeout]);
    } catch (error) {
      log(`teardown: ${name}: ${(error as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
  }

  function run(): Promise<void> {
    if (!running) {
      running = (async () => {
        for (let step = steps.pop(); step; step = steps.pop()) await runStep(step);
      })();
    }
    return running;
  }

  function runLastResorts(): void {
    for (const fn of lastResorts) {
      try {
        fn();
      } catch {
        // nothing more can be done while exiting
      }
    }
  }

  /**
   * SIGINT/SIGTERM/uncaught errors: tear down, then exit with a status saying why.
   * Returns a function that removes the handlers again (for use inside a longer-lived runner).
   */
  function installProcessHandlers(): () => void {
    let signalled = false;
    const onSignal = (signal: string, code: number): void => {
      if (signalled) {
        log(`${signal} again: killing children without waiting`);
        runLastResorts();
        process.exit(code);
      }
      signalled = true;
      log(`${signal} received: tearing down`);
      void run().finally(() => process.exit(code));
    };
    const onSigint = (): void => onSignal('SIGINT', 130);
    const onSigterm = (): void => onSignal('SIGTERM', 143);
    const onUncaught = (error: Error): void => {
      log(`uncaught error: ${error.stack ?? String(error)}`);
      void run().finally(() => process.exit(1));
    };
    const onUnhandled = (error: unknown): void => {
      log(`unhandled rejection: ${error instanceof Error ? error.stack : String(error)}`);
      void run().finally(() => process.exit(1));
    };
    process.on('SIGINT', onSigint);
    process.on('SIGTERM', onSigterm);
    process.on('uncaughtException', onUncaught);
    process.on('unhandledRejection', onUnhandled);
    process.on('exit', runLastResorts);
    return () => {
      process.removeListener('SIGINT', onSigint);
      process.removeListener('SIGTERM', onSigterm);
      process.removeListener('uncaughtException', onUncaught);
      process.removeListener('unhandledRejection', onUnhandled);
      process.removeListener('exit', runLastResorts);
    };
  }

  return { add, addLastResort, run, installProcessHandlers };
}
