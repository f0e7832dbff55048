import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { MSG } from '@loa/contract';
import { useEmergencyAction } from '../../app/shell/useEmergencyAction';
import { useNotify } from '../../app/snackbar/useNotify';
import { errorMessage } from '../../lib/apiClient';
import { stopMyBroadcasts } from './api';
import { useLiveBroadcasts } from './live/LiveBroadcastsContext';

// The dialog (sources, recording, MP3 encoding) loads on the first click, outside the main chunk.
const BroadcastDialog = lazy(() => import('./BroadcastDialog').then((m) => ({ default: m.BroadcastDialog })));

/** Wires the header button: opens the broadcast-now dialog, or stops the user's broadcasts (spec §4). */
export function BroadcastCenter() {
  const { setOnEmergencyClick, running } = useEmergencyAction();
  const { refreshMine, clearMine } = useLiveBroadcasts();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  // A new key after each submit resets the dialog and every selection.
  const [generation, setGeneration] = useState(0);

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
            setMounted(true);
            setOpen(true);
          },
    );
    return () => setOnEmergencyClick(null);
  }, [running, setOnEmergencyClick, stop]);

  const finish = useCallback(
    (succeeded: boolean) => {
      setOpen(false);
      setGeneration((g) => g + 1);
      if (succeeded) refreshMine();
    },
    [refreshMine],
  );

  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <BroadcastDialog key={generation} open={open} onClose={() => setOpen(false)} onFinished={finish} />
    </Suspense>
  );
}
