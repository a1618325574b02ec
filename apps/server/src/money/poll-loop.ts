/**
 * The background loop of the chain workers (the deposit watcher, the withdrawal sender): runs
 * a step, then again at once while the step says there is more, else after `intervalMs`,
 * until stopped. A failed step is logged and tried again after the interval: a node or a
 * database that is down for a while must not end the loop.
 */
export class PollLoop {
  #loop: Promise<void> | null = null;
  #stopping = false;
  #wake: (() => void) | null = null;

  constructor(
    private readonly step: () => Promise<{ again: boolean }>,
    private readonly intervalMs: number,
    private readonly onError: (err: unknown) => void,
  ) {}

  start(): void {
    if (this.#loop) return;
    this.#stopping = false;
    this.#loop = this.#run();
  }

  /** Runs the next step now instead of after the pause (e.g. an admin just approved). */
  poke(): void {
    this.#wake?.();
  }

  /** Stops after the step in flight, if any, has finished. */
  async stop(): Promise<void> {
    this.#stopping = true;
    this.#wake?.();
    await this.#loop;
    this.#loop = null;
  }

  async #run(): Promise<void> {
    while (!this.#stopping) {
      let again = false;
      try {
        again = (await this.step()).again;
      } catch (err) {
        this.onError(err);
      }
      if (again || this.#stopping) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.intervalMs);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#wake = null;
    }
  }
}
