import type { EnrolmentCode } from './api';

export type CodeState = 'active' | 'expired' | 'revoked' | 'usedUp';

/** Whether a box may still enrol with a code, and if not why (revoked first, then used up, then expired). */
export function codeState(code: EnrolmentCode, now: number): CodeState {
  if (code.thuhoi) return 'revoked';
  if (code.dadung >= code.soluong) return 'usedUp';
  if (Date.parse(code.hethan) <= now) return 'expired';
  return 'active';
}
