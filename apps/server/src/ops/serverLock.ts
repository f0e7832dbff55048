import fs from 'node:fs';
import path from 'node:path';

/** The file a running server keeps in DATA_DIR with its process id, so backup and restore know it runs. */
export const PID_FILE = 'loa-server.pid';

/** Writes DATA_DIR/loa-server.pid; the returned function removes it (at a clean stop). */
export function writePidFile(dataDir: string): () => void {
  const file = path.join(dataDir, PID_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${process.pid}\n`);
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file);
    } catch {
      // Already gone.
    }
  };
}

/**
 * The process id of a server running on this DATA_DIR, or null. A file left by a server killed
 * without a clean stop names a process that is gone (or this very process, as in a container
 * restarted under the same pid): not running.
 */
export function runningServer(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, PID_FILE), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: a process of another user holds that id; it may well be the server.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  try {
    // On Linux, a process that is not Node (the id reused since) is not the server.
    if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node')) return null;
  } catch {
    // No /proc, or not readable: keep the conservative answer.
  }
  return pid;
}
