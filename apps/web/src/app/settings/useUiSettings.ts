import { useContext } from 'react';
import { UiSettingsContext, type UiSettingsValue } from './UiSettingsProvider';

/** The UI settings and their updater. */
export function useUiSettings(): UiSettingsValue {
  const value = useContext(UiSettingsContext);
  if (!value) throw new Error('useUiSettings must be used inside UiSettingsProvider');
  return value;
}
