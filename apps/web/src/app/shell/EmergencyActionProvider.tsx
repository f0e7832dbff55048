import { createContext, useMemo, useState, type ReactNode } from 'react';

export interface EmergencyActionValue {
  /** What the Emergency broadcast button does; null until the broadcast feature registers it. */
  onEmergencyClick: (() => void) | null;
  setOnEmergencyClick: (handler: (() => void) | null) => void;
}

export const EmergencyActionContext = createContext<EmergencyActionValue | null>(null);

/** Slot the broadcast-now dialog (a later feature) fills to wire the header button. */
export function EmergencyActionProvider({ children }: { children: ReactNode }) {
  const [handler, setHandler] = useState<(() => void) | null>(null);
  const value = useMemo<EmergencyActionValue>(
    () => ({ onEmergencyClick: handler, setOnEmergencyClick: (next) => setHandler(() => next) }),
    [handler],
  );
  return <EmergencyActionContext.Provider value={value}>{children}</EmergencyActionContext.Provider>;
}
