import type { Logger } from './logger';

const stamp = () => new Date().toLocaleTimeString('vi-VN', { hour12: false });

/** Logs to the terminal with the time; `debug` only when verbose. */
export function consoleLogger(verbose = false): Logger {
  return {
    info: (m) => console.log(`${stamp()} ${m}`),
    warn: (m) => console.warn(`${stamp()} ⚠ ${m}`),
    error: (m) => console.error(`${stamp()} ✖ ${m}`),
    debug: verbose ? (m) => console.log(`${stamp()} · ${m}`) : undefined,
  };
}
