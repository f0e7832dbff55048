import { createContext, useContext } from 'react';
import type { LiveBroadcast } from '@loa/contract';

export interface LiveBroadcastsValue {
  /** Running broadcasts in the user's scope, one card each. */
  live: LiveBroadcast[];
  /** Reloads the user's own running immediate broadcasts (header button state). */
  refreshMine: () => void;
  /** The user's own immediate broadcasts were stopped. */
  clearMine: () => void;
}

export const LiveBroadcastsContext = createContext<LiveBroadcastsValue | null>(null);

/** The live broadcasts of the shell. */
export function useLiveBroadcasts(): LiveBroadcastsValue {
  const value = useContext(LiveBroadcastsContext);
  if (!value) throw new Error('useLiveBroadcasts must be used inside LiveBroadcastsProvider');
  return value;
}
