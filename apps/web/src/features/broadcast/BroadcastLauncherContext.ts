import { createContext, useContext } from 'react';

/** What the broadcast-now dialog opens with when started from a programme. */
export interface BroadcastPrefill {
  tieude: string;
  loaibantin: number | null;
  /** Stored sources (a programme's nguonphat). */
  nguonphat: readonly unknown[];
}

export const BroadcastLauncherContext = createContext<((prefill: BroadcastPrefill) => void) | null>(null);

/** Opens the broadcast-now dialog prefilled (e.g. 'Phát ngay' on a programme). */
export function useBroadcastLauncher(): (prefill: BroadcastPrefill) => void {
  const open = useContext(BroadcastLauncherContext);
  if (!open) throw new Error('useBroadcastLauncher must be used inside BroadcastCenter');
  return open;
}
