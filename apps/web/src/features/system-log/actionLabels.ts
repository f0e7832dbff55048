import type { MessageId } from '../../i18n/vi';
import { viSystemLog } from '../../i18n/systemLog.vi';

const ACTION_PREFIX = 'log.action.';
const TARGET_PREFIX = 'log.target.';

/** Every action code with a label, in the order of the filter menu. */
export const ACTION_CODES: string[] = Object.keys(viSystemLog)
  .filter((key) => key.startsWith(ACTION_PREFIX))
  .map((key) => key.slice(ACTION_PREFIX.length));

type Translate = (id: MessageId) => string;

/** The label of an action code in the current language; an unknown code is shown as it is. */
export function actionLabel(t: Translate, code: string): string {
  const id = `${ACTION_PREFIX}${code}`;
  return id in viSystemLog ? t(id as MessageId) : code;
}

/** The label of a target kind (taikhoan → Tài khoản), or the kind as it is. */
export function targetLabel(t: Translate, kind: string): string {
  const id = `${TARGET_PREFIX}${kind}`;
  return id in viSystemLog ? t(id as MessageId) : kind;
}
