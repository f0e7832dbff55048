import { createContext, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Locale } from '@loa/contract';
import { screenString } from './screenStrings';
import { vi, type MessageId } from './vi';

type English = typeof import('./en');
let english: English | null = null;
let englishLoading: Promise<English> | null = null;

/** The English strings load on first use (most sessions are Vietnamese): they stay out of the first load. */
export function loadEnglish(): Promise<English> {
  englishLoading ??= import('./en').then((m) => (english = m));
  return englishLoading;
}

export interface I18nValue {
  locale: Locale;
  /** Translates a UI string id, filling `{name}` placeholders. */
  t: (id: MessageId, params?: Record<string, string | number>) => string;
  /** Translates a contract (server or validation) message when the locale has it; else returns it as is. */
  tMessage: (message: string) => string;
}

/** Formats a dictionary entry with its parameters. */
export function translate(locale: Locale, id: MessageId, params?: Record<string, string | number>): string {
  const template = (locale === 'en' ? english?.en[id] : undefined) ?? (vi as Record<string, string>)[id] ?? screenString(id) ?? id;
  return params ? template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : template;
}

export const I18nContext = createContext<I18nValue | null>(null);

/** Provides `useT()` for the given locale. */
export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const [englishReady, setEnglishReady] = useState(english !== null);
  // An English console's first paint waits for its strings (a blink); a switch later keeps the screen.
  const [waitForEnglish] = useState(locale === 'en' && english === null);
  useEffect(() => {
    if (locale === 'en' && !englishReady) void loadEnglish().then(() => setEnglishReady(true));
  }, [locale, englishReady]);
  const t = useCallback<I18nValue['t']>((id, params) => translate(locale, id, params), [locale, englishReady]); // eslint-disable-line react-hooks/exhaustive-deps
  const tMessage = useCallback(
    (message: string) => {
      if (locale === 'vi') return message;
      return english?.englishMessage(message) ?? message;
    },
    [locale, englishReady], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const value = useMemo(() => ({ locale, t, tMessage }), [locale, t, tMessage]);
  if (waitForEnglish && !englishReady) return null;
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}
