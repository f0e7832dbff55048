/** What the agent logs through; console fits. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  debug?(message: string): void;
}

/** A logger that drops everything (the default for a library and for fleets). */
export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
