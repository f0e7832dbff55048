import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Vitest global setup shared by every project: the run gets a fresh temporary directory (TMPDIR,
 * which os.tmpdir() and the workers started after this read), and fails if the tests leave
 * anything in it. A private directory, not a before/after listing of /tmp, so that test runs of
 * other checkouts on the same machine are never mistaken for leaks. Several projects in one run
 * share the directory; the last one to finish checks it and removes it.
 */
interface Guard {
  dir: string;
  previous: string | undefined;
  projects: number;
}

const holder = globalThis as { __loaTmpGuard?: Guard };

export default function setup(): () => void {
  if (!holder.__loaTmpGuard) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loa-test-run-'));
    holder.__loaTmpGuard = { dir, previous: process.env.TMPDIR, projects: 0 };
    process.env.TMPDIR = dir;
  }
  holder.__loaTmpGuard.projects += 1;
  return teardown;
}

function teardown(): void {
  const guard = holder.__loaTmpGuard;
  if (!guard) return;
  guard.projects -= 1;
  if (guard.projects > 0) return;
  // tsx keeps its compile cache there (tsx-<uid>, for worker threads started from TypeScript): the tool's, not a test's.
  const left = fs.readdirSync(guard.dir).filter((name) => !/^tsx-\d+$/.test(name));
  fs.rmSync(guard.dir, { recursive: true, force: true });
  if (guard.previous === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = guard.previous;
  delete holder.__loaTmpGuard;
  if (left.length > 0) {
    // Vitest reports an error thrown here but keeps exit code 0: set it so CI fails.
    process.exitCode = 1;
    throw new Error(`Tests left ${left.length} entr${left.length === 1 ? 'y' : 'ies'} in the temporary directory: ${left.slice(0, 20).join(', ')}. Remove what a test creates in its close()/afterAll.`);
  }
}
