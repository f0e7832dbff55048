import { isMessage } from '@loa/contract';

/**
 * Messages beside the fields they are about (in addition to the snackbar where the spec asks for
 * it): each form names, in a table, the field each of its checks' or the server's messages points at.
 */

/** The message beside its field, when the table names one (none: an empty map, the message stays in the snackbar only). */
export function errorBeside<F extends string>(fieldOf: Readonly<Record<string, F>>, message: string | null): Partial<Record<F, string>> {
  // The server answers in the console's language: the table is keyed by the Vietnamese message.
  const key = message === null ? undefined : Object.keys(fieldOf).find((text) => isMessage(message, text));
  if (message === null || key === undefined) return {};
  return { [fieldOf[key]!]: message } as Partial<Record<F, string>>;
}

/** The errors left once the user has changed some fields (what they touched is no longer marked). */
export function clearChanged<F extends string>(errors: Partial<Record<F, string>>, changed: readonly string[]): Partial<Record<F, string>> {
  if (!changed.some((key) => key in errors)) return errors;
  const kept = { ...errors };
  for (const key of changed) delete kept[key as F];
  return kept;
}
