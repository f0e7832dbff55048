import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { MSG } from '@loa/contract';
import { useEmergencyAction } from '../../app/shell/useEmergencyAction';
import { useNotify } from '../../app/snackbar/useNotify';
import { errorMessage } from '../../lib/apiClient';
import { stopMyBroadcasts } from './api';
import { BroadcastLauncherContext, type BroadcastPrefill } from './BroadcastLauncherContext';
import { useLiveBroadcasts } from './live/LiveBroadcastsContext';

// The dialog (sources, recording, MP3 encoding) loads on the first click, outside the main chunk.
const BroadcastDialog = lazy(() => import('./BroadcastDialog').then((m) => ({ default: m.BroadcastDialog })));

/**
 * Wires the header button: opens the broadcast-now dialog, or stops the user's broadcasts (spec §4).
 * Pages inside it may open the dialog prefilled through useBroadcastLauncher().
 */
export function BroadcastCenter({ children }: { children?: ReactNode }) {
  const { setOnEmergencyClick, running } = useEmergencyAction();
  const { refreshMine, clearMine } = useLiveBroadcasts();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  // A new key after each submit resets the dialog and every selection.
  const [generation, setGeneration] = useState(0);
  const [prefill, setPrefill] = useState<BroadcastPrefill | undefined>(undefined);

  const stop = useCallback(async () => {
    try {
      await stopMyBroadcasts();
      clearMine();
      notify.success(MSG.stopSuccess);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  }, [clearMine, notify]);

  useEffect(() => {
    setOnEmergencyClick(
      running
        ? () => void stop()
        : () => {
            // A dialog left open from a programme starts over empty.
            if (prefill) setGeneration((g) => g + 1);
            setPrefill(undefined);
            setMounted(true);
            setOpen(true);
          },
    );
    return () => setOnEmergencyClick(null);
  }, [running, setOnEmergencyClick, stop, prefill]);

  const finish = useCallback(() => {
    setOpen(false);
    setGeneration((g) => g + 1);
    refreshMine();
  }, [refreshMine]);

  const discard = useCallback(() => {
    setOpen(false);
    setPrefill(undefined);
    setGeneration((g) => g + 1);
  }, []);

  const launch = useCallback((next: BroadcastPrefill) => {
    setPrefill(next);
    setGeneration((g) => g + 1);
    setMounted(true);
    setOpen(true);
  }, []);

  return (
    <BroadcastLauncherContext.Provider value={launch}>
      {children}
      {mounted && (
        <Suspense fallback={null}>
          {/* Closing clears the draft: the next 'Phát khẩn cấp' starts empty (issue #32 item 11). */}
          <BroadcastDialog key={generation} open={open} initial={prefill} onClose={discard} onSent={finish} />
        </Suspense>
      )}
    </BroadcastLauncherContext.Provider>
  );
}
