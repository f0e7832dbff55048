/** Longest wait between two connection attempts. */
export const MAX_RECONNECT_DELAY_MS = 30_000;

/**
 * Delay before reconnect attempt `attempt` (0 for the first): doubles from `baseMs` up to
 * `MAX_RECONNECT_DELAY_MS`, then keeps a random half to full of it so a fleet that lost its broker
 * at the same instant does not come back at the same instant.
 */
export function reconnectDelay(attempt: number, baseMs = 1000, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_RECONNECT_DELAY_MS, baseMs * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling * (0.5 + random() * 0.5));
}
