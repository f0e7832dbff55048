import { parseArgs } from 'node:util';

export interface OptionSpec {
  default: number;
  help: string;
}

/**
 * Numeric `--name value` options with defaults; `--help` prints them and exits.
 * Answers the values by name.
 */
export function numericOptions<K extends string>(usage: string, specs: Record<K, OptionSpec>): Record<K, number> {
  const names = Object.keys(specs) as K[];
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { help: { type: 'boolean', short: 'h' }, ...Object.fromEntries(names.map((n) => [n, { type: 'string' as const }])) },
    strict: true,
  });
  if (values.help) {
    console.log(`${usage}\n\nOptions:`);
    for (const n of names) console.log(`  --${n.padEnd(14)} ${specs[n].help} (default ${specs[n].default})`);
    process.exit(0);
  }
  const out = {} as Record<K, number>;
  for (const n of names) {
    const raw = (values as Record<string, unknown>)[n];
    const value = raw === undefined ? specs[n].default : Number(raw);
    if (!Number.isFinite(value) || value < 0) throw new Error(`--${n} must be a non-negative number (got ${String(raw)})`);
    out[n] = value;
  }
  return out;
}
