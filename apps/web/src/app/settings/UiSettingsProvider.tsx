import { createContext, useCallback, useMemo, useState, type ReactNode } from 'react';
import { loadUiSettings, saveUiSettings, type UiSettings } from './uiSettings';

export interface UiSettingsValue {
  settings: UiSettings;
  /** Changes some settings and saves them. */
  update: (patch: Partial<UiSettings>) => void;
}

export const UiSettingsContext = createContext<UiSettingsValue | null>(null);

/** Holds the UI settings, persisted in localStorage. */
export function UiSettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<UiSettings>(loadUiSettings);
  const update = useCallback((patch: Partial<UiSettings>) => {
    setSettings((current) => {
      const next = { ...current, ...patch };
      saveUiSettings(next);
      return next;
    });
  }, []);
  const value = useMemo(() => ({ settings, update }), [settings, update]);
  return <UiSettingsContext.Provider value={value}>{children}</UiSettingsContext.Provider>;
}
