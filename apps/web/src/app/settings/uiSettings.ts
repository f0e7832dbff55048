import { DEFAULT_BORDER_RADIUS, DEFAULT_LOCALE, LOCALES, type Locale } from '@loa/contract';

export type FontFamilyName = 'Roboto' | 'Poppins' | 'Inter';
export const FONT_FAMILIES: readonly FontFamilyName[] = ['Roboto', 'Poppins', 'Inter'];
export const RADIUS_MIN = 4;
export const RADIUS_MAX = 24;
export const RADIUS_STEP = 2;

/** UI settings state of spec §3 (drawer state lives in the shell, it follows the breakpoint). */
export interface UiSettings {
  navType: 'light' | 'dark';
  fontFamily: FontFamilyName;
  borderRadius: number;
  outlinedFilled: boolean;
  locale: Locale;
}

export const DEFAULT_UI_SETTINGS: UiSettings = {
  navType: 'light',
  fontFamily: 'Roboto',
  borderRadius: DEFAULT_BORDER_RADIUS,
  outlinedFilled: true,
  locale: DEFAULT_LOCALE,
};

export const UI_SETTINGS_STORAGE_KEY = 'loa.ui';

/** Reads saved settings, dropping any value that is no longer valid. */
export function loadUiSettings(): UiSettings {
  try {
    const saved = JSON.parse(localStorage.getItem(UI_SETTINGS_STORAGE_KEY) ?? '{}') as Partial<UiSettings>;
    const s = { ...DEFAULT_UI_SETTINGS };
    if (saved.navType === 'light' || saved.navType === 'dark') s.navType = saved.navType;
    if (saved.fontFamily && FONT_FAMILIES.includes(saved.fontFamily)) s.fontFamily = saved.fontFamily;
    if (typeof saved.borderRadius === 'number' && saved.borderRadius >= RADIUS_MIN && saved.borderRadius <= RADIUS_MAX) s.borderRadius = saved.borderRadius;
    if (typeof saved.outlinedFilled === 'boolean') s.outlinedFilled = saved.outlinedFilled;
    if (saved.locale && (LOCALES as readonly string[]).includes(saved.locale)) s.locale = saved.locale;
    return s;
  } catch {
    return { ...DEFAULT_UI_SETTINGS };
  }
}

/** Persists the settings. */
export function saveUiSettings(settings: UiSettings): void {
  localStorage.setItem(UI_SETTINGS_STORAGE_KEY, JSON.stringify(settings));
}
