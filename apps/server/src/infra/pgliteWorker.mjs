// The embedded database (PGlite, PostgreSQL compiled to WebAssembly) on its own thread: its
// queries run synchronously, so on the server's main thread they would hold up every HTTP answer,
// MQTT packet and timer for as long as they take. See openDb in db.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const db = new PGlite(workerData.dataDir ?? undefined);
await db.waitReady;

/** A database error as plain data: message and the fields callers test (code, constraint, …). */
function errorData(error) {
  const data = { message: error instanceof Error ? error.message : String(error) };
  for (const [key, value] of Object.entries(error ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') data[key] = value;
  }
  return data;
}

parentPort.on('message', async ({ id, op, sql, params }) => {
  try {
    if (op === 'query') {
      const result = await db.query(sql, params);
      parentPort.postMessage({ id, rows: result.rows });
    } else if (op === 'exec') {
      await db.exec(sql);
      parentPort.postMessage({ id, rows: [] });
    } else if (op === 'close') {
      if (!db.closed) await db.close();
      parentPort.postMessage({ id, rows: [] });
    }
  } catch (error) {
    parentPort.postMessage({ id, error: errorData(error) });
  }
});
parentPort.postMessage({ ready: true });
