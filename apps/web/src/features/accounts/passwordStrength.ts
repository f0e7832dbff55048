import { PASSWORD_MIN_LENGTH } from '@loa/contract';

export type PasswordStrength = 'empty' | 'tooShort' | 'weak' | 'medium' | 'strong';

/** A hint, not a rule: the server only requires PASSWORD_MIN_LENGTH characters. */
export function passwordStrength(password: string): PasswordStrength {
  if (!password) return 'empty';
  if (password.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  const score = kinds + (password.length >= 12 ? 1 : 0);
  if (score >= 4) return 'strong';
  if (score >= 3) return 'medium';
  return 'weak';
}
