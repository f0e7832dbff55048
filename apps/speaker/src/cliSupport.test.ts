import { describe, expect, it } from 'vitest';
import { parseCommandLine } from './cliSupport';

const options = {
  server: { type: 'string' },
  secret: { type: 'string' },
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

describe('parseCommandLine', () => {
  it('takes a secret that begins with a dash, as the console shows the command (one secret in 64)', () => {
    const { values } = parseCommandLine(['--server', 'http://loa.local', '--secret', '-Qx3_abc', '--verbose'], options);
    expect(values).toEqual({ server: 'http://loa.local', secret: '-Qx3_abc', verbose: true });
  });

  it('takes a value in one argument with = as before, and positionals', () => {
    const { values, positionals } = parseCommandLine(['simulate', '--secret=-h', '-h'], options);
    expect(values).toEqual({ secret: '-h', help: true });
    expect(positionals).toEqual(['simulate']);
  });

  it('still refuses an option given where a value belongs, and unknown options', () => {
    expect(() => parseCommandLine(['--secret', '--verbose'], options)).toThrow(/ambiguous/);
    expect(() => parseCommandLine(['--secret', '-h'], options)).toThrow(/ambiguous/);
    expect(() => parseCommandLine(['--sever', 'x'], options)).toThrow(/Unknown option/);
  });

  it('leaves everything after -- as positionals', () => {
    const { values, positionals } = parseCommandLine(['--', '--secret', '-x'], options);
    expect(values).toEqual({});
    expect(positionals).toEqual(['--secret', '-x']);
  });
});
