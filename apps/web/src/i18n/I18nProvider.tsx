import { createContext, useCallback, useMemo, type ReactNode } from 'react';
import { MSG, type Locale, type MessageKey } from '@loa/contract';
import { vi, type MessageId } from './vi';
import { en, enContractMessages } from './en';

const dictionaries: Record<Locale, Record<MessageId, string>> = { vi, en };
const contractKeyByText = new Map<string, MessageKey>(Object.entries(MSG).map(([key, text]) => [text, key as MessageKey]));

export interface I18nValue {
  locale: Locale;
  /** Translates a UI string id, filling `{name}` placeholders. */
  t: (id: MessageId, params?: Record<string, string | number>) => string;
  /** Translates a contract (server or validation) message when the locale has it; else returns it as is. */
  tMessage: (message: string) => string;
}

/** Formats a dictionary entry with its parameters. */
export function translate(locale: Locale, id: MessageId, params?: Record<string, string | number>): string {
  const template = dictionaries[locale][id] ?? vi[id];
  return params ? template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : template;
}

export const I18nContext = createContext<I18nValue | null>(null);

/** Provides `useT()` for the given locale. */
export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const t = useCallback<I18nValue['t']>((id, params) => translate(locale, id, params), [locale]);
  const tMessage = useCallback(
    (message: string) => {
      if (locale === 'vi') return message;
      const key = contractKeyByText.get(message);
      return (key && enContractMessages[key]) || message;
    },
    [locale],
  );
  const value = useMemo(() => ({ locale, t, tMessage }), [locale, t, tMessage]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}
