/** Prints `message` and ends the process with `code` (2: wrong usage, 1: failure). */
export function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

/** Stops on SIGINT/SIGTERM once; a second signal exits at once. */
export function onSignal(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = () => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log('Đang dừng / stopping…');
    stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
