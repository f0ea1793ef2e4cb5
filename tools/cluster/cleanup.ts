'use strict';
// Teardown that runs exactly once, whatever ends the run: normal completion, a failure, an
// uncaught error, SIGINT or SIGTERM. Steps run newest first, each bounded in time, and one
// failing step never stops the others.

const STEP_TIMEOUT_MS = 40_000;

function createCleanup({ log = console.error } = {}) {
  const steps = [];
  /** Synchronous last resorts (e.g. SIGKILL of children) for a process.exit() that skips the async steps. */
  const lastResorts = new Set();
  let running = null;

  function add(name, fn) {
    const step = { name, fn };
    steps.push(step);
    return () => {
      const index = steps.indexOf(step);
      if (index >= 0) steps.splice(index, 1);
    };
  }

  function addLastResort(fn) {
    lastResorts.add(fn);
    return () => lastResorts.delete(fn);
  }

  async function runStep({ name, fn }) {
    let timer;
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${STEP_TIMEOUT_MS / 1000} s`)), STEP_TIMEOUT_MS);
    });
    try {
      await Promise.race([Promise.resolve().then(fn), timeout]);
    } catch (error) {
      log(`teardown: ${name}: ${error.message}`);
    } finally {
      clearTimeout(timer);
    }
  }

  function run() {
    if (!running) {
      running = (async () => {
        while (steps.length > 0) await runStep(steps.pop());
      })();
    }
    return running;
  }

  function runLastResorts() {
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
  function installProcessHandlers() {
    let signalled = false;
    const onSignal = (signal, code) => {
      if (signalled) {
        log(`${signal} again: killing children without waiting`);
        runLastResorts();
        process.exit(code);
      }
      signalled = true;
      log(`${signal} received: tearing down`);
      run().finally(() => process.exit(code));
    };
    const handlers = {
      SIGINT: () => onSignal('SIGINT', 130),
      SIGTERM: () => onSignal('SIGTERM', 143),
      uncaughtException: (error) => {
        log(`uncaught error: ${error.stack ?? error}`);
        run().finally(() => process.exit(1));
      },
      unhandledRejection: (error) => {
        log(`unhandled rejection: ${error?.stack ?? error}`);
        run().finally(() => process.exit(1));
      },
      exit: runLastResorts,
    };
    for (const [event, handler] of Object.entries(handlers)) process.on(event, handler);
    return () => {
      for (const [event, handler] of Object.entries(handlers)) process.removeListener(event, handler);
    };
  }

  return { add, addLastResort, run, installProcessHandlers };
}

module.exports = { createCleanup };
