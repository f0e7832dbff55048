// Starts a worker thread's module: the built server's JavaScript as is, or, when the server runs
// from its TypeScript sources (npm start, the tests), the .ts module through tsx, registered in this
// thread first (a worker does not inherit the parent's module hooks).
import { workerData } from 'node:worker_threads';

if (workerData.entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(workerData.entry);
