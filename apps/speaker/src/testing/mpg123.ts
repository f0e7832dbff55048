import { findExecutable } from '../processPlayer';

/**
 * mpg123 for the tests that decode real sound: its path, or null where it is not installed. In CI
 * (`CI=true`, where .ci/run installs it) its absence is an error, so those tests never pass by skipping.
 */
export async function mpg123ForTests(): Promise<string | null> {
  const path = await findExecutable('mpg123');
  if (!path && process.env.CI === 'true') throw new Error('mpg123 is not installed: the sound tests need it in CI (.ci/run installs it)');
  return path;
}
