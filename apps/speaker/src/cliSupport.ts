import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * node:util's parseArgs (positionals allowed, unknown options refused), except that an option that
 * takes a value takes the next argument even when it begins with '-'. A device's secret is base64url,
 * so one in 64 begins with '-', and parseArgs refuses `--secret -Ab…` as ambiguous: the command the
 * console shows for a new speaker failed for those. A next argument that is itself one of the options
 * (`--secret --verbose`, a forgotten value) is left for parseArgs to refuse.
 */
export function parseCommandLine<O extends Options>(argv: readonly string[], options: O) {
  return parseArgs({ args: joinOptionValues(argv, options), options, allowPositionals: true, strict: true });
}

function joinOptionValues(argv: readonly string[], options: Options): string[] {
  const shorts = new Set(Object.values(options).flatMap((option) => (option.short ? [`-${option.short}`] : [])));
  const namesAnOption = (arg: string) => arg === '--' || shorts.has(arg) || (arg.startsWith('--') && arg.slice(2).split('=')[0]! in options);
  const joined: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--') return [...joined, ...argv.slice(i)];
    const next = argv[i + 1];
    const takesValue = arg.startsWith('--') && options[arg.slice(2)]?.type === 'string';
    if (takesValue && next !== undefined && next.startsWith('-') && !namesAnOption(next)) {
      joined.push(`${arg}=${next}`);
      i += 1;
    } else joined.push(arg);
  }
  return joined;
}

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
