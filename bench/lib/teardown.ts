/**
 * What a benchmark must undo when it ends, fails or is interrupted (Ctrl-C, SIGTERM, an error
 * nothing caught: a failed request used to leave the server child running): the steps run once,
 * the last added first — agents added after the server are killed (fast; their wills go to a server
 * about to stop) before it stops.
 */
export class Teardown {
  private steps: (() => unknown)[] = [];
  private running: Promise<void> | null = null;

  constructor() {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => void this.run().finally(() => process.exit(130)));
    }
    const fail = (error: unknown) => {
      console.error(error);
      void this.run().finally(() => process.exit(1));
    };
    process.once('uncaughtException', fail);
    process.once('unhandledRejection', fail);
  }

  add(step: () => unknown): void {
    this.steps.push(step);
  }

  /**
   * Runs the steps once; a later call (a signal during an error's teardown, a request failing once
   * its server has stopped) waits for that same run instead of exiting half-way through it. A step
   * that fails is reported and the others still run.
   */
  run(): Promise<void> {
    this.running ??= (async () => {
      const steps = this.steps.reverse();
      this.steps = [];
      for (const step of steps) {
        try {
          await step();
        } catch (error) {
          console.error('teardown step failed:', error);
        }
      }
    })();
    return this.running;
  }
}
