import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { LiveVoiceContext, type LiveVoiceLauncher, type LiveVoicePrefill } from './LiveVoiceContext';

// The dialog (microphone, LAME encoder) loads on the first click, outside the main chunk.
const LiveVoiceDialog = lazy(() => import('./LiveVoiceDialog').then((m) => ({ default: m.LiveVoiceDialog })));

/**
 * Holds the live voice dialog; the header button and the broadcast-now dialog open it. While on
 * air the dialog may be put aside (the officer looks at the map or the live panel) and brought back:
 * it stays mounted, so the microphone and the session carry on.
 */
export function LiveVoiceCenter({ children }: { children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [generation, setGeneration] = useState(0);
  const [prefill, setPrefill] = useState<LiveVoicePrefill | undefined>(undefined);
  const [onAir, setOnAir] = useState(false);
  const launch = useCallback((next?: LiveVoicePrefill) => {
    if (!onAir) {
      setPrefill(next);
      setGeneration((g) => g + 1);
    }
    setOpen(true);
  }, [onAir]);
  const value = useMemo<LiveVoiceLauncher>(() => ({ open: launch, onAir }), [launch, onAir]);
  return (
    <LiveVoiceContext.Provider value={value}>
      {children}
      {generation > 0 && (
        <Suspense fallback={null}>
          <LiveVoiceDialog key={generation} open={open} initial={prefill} onClose={() => setOpen(false)} onAirChange={setOnAir} />
        </Suspense>
      )}
    </LiveVoiceContext.Provider>
  );
}
