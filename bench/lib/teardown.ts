/**
 * What a benchmark must undo when it ends, fails or is interrupted (Ctrl-C, SIGTERM, an error
 * nothing caught: a failed request used to leave the server child running): the steps run once,
 * the last added first — agents added after the server are killed (fast; their wills go to a server
 * about to stop) before it stops.
 */
export class Teardown {
  private steps: (() => unknown)[] = [];

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

  async run(): Promise<void> {
    const steps = this.steps.reverse();
    this.steps = [];
    for (const step of steps) await step();
  }
}
