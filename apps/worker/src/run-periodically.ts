// A sweep the worker runs at start-up and then every `everyMs`: runs never overlap (each waits for
// the one before), and stop waits for the run under way.

/** Starts `run` now and every `everyMs`; `stop` clears the timer and waits for the current run. */
export function runPeriodically(run: () => Promise<void>, everyMs: number): { stop(): Promise<void> } {
  let running = run();
  const timer = setInterval(() => {
    running = running.then(run);
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
