import { createContext, useCallback, useMemo, useState, type ReactNode } from 'react';

export interface EmergencyActionValue {
  /** What the Emergency broadcast button does; null until the broadcast feature registers it. */
  onEmergencyClick: (() => void) | null;
  setOnEmergencyClick: (handler: (() => void) | null) => void;
  /** Whether the user has an immediate broadcast running: the button then reads 'Dừng phát' (spec §4). */
  running: boolean;
  setRunning: (running: boolean) => void;
}

export const EmergencyActionContext = createContext<EmergencyActionValue | null>(null);

/** Slot the broadcast feature fills to wire the header button. */
export function EmergencyActionProvider({ children }: { children: ReactNode }) {
  const [handler, setHandler] = useState<(() => void) | null>(null);
  const [running, setRunning] = useState(false);
  // Stable setter, so a registering effect does not run again each time the handler changes.
  const setOnEmergencyClick = useCallback((next: (() => void) | null) => setHandler(() => next), []);
  const value = useMemo<EmergencyActionValue>(
    () => ({ onEmergencyClick: handler, setOnEmergencyClick, running, setRunning }),
    [handler, setOnEmergencyClick, running],
  );
  return <EmergencyActionContext.Provider value={value}>{children}</EmergencyActionContext.Provider>;
}
