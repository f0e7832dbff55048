import { labelOf, LOG_ACTION_LABELS, LOG_OUTCOME_LABELS, LOG_TARGET_LABELS, type Locale } from '@loa/contract';

/** Every action code with a label (the contract's one label table), for the filter menu. */
export const ACTION_CODES: string[] = Object.keys(LOG_ACTION_LABELS);

/** The label of an action code in the locale; an unknown code is shown as it is. */
export const actionLabel = (locale: Locale, code: string): string => labelOf(LOG_ACTION_LABELS, code, locale);

/** The label of a target kind (taikhoan → Tài khoản), or the kind as it is. */
export const targetLabel = (locale: Locale, kind: string): string => labelOf(LOG_TARGET_LABELS, kind, locale);

/** The label of an outcome (ok → Thành công). */
export const outcomeLabel = (locale: Locale, outcome: string): string => labelOf(LOG_OUTCOME_LABELS, outcome, locale);
