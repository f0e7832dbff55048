import type { z } from 'zod';
import type { systemHealthSchema } from '@loa/contract';
import type { ConsoleClient } from './consoleClient';

export type Health = z.infer<typeof systemHealthSchema>;

/**
 * The server's own figures (GET /v1/client/hethong/suckhoe): RSS, heap, event-loop delay since the
 * last reset, devices online. `reset` starts a new event-loop-delay window after this reading.
 */
export function readHealth(client: ConsoleClient, reset = false): Promise<Health> {
  return client.get<Health>(`/v1/client/hethong/suckhoe${reset ? '?reset=1' : ''}`);
}
