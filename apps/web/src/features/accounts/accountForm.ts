import { ACCOUNT_MESSAGES, ACCOUNT_TYPES, ADMIN_ACCOUNT_TYPE, accountCreateBodySchema, accountUpdateBodySchema, NON_ADMIN_ACCOUNT_TYPE, type Account, type AccountCreateBody, type AccountUpdateBody } from '@loa/contract';
import { errorBeside } from '../../lib/fieldErrors';

/** The create/edit form as typed. */
export interface AccountFormValues {
  tentaikhoan: string;
  matkhau: string;
  hoten: string;
  email: string;
  sdt: string;
  loaitaikhoan: string;
  diaban: string;
  quyenhan: string[];
}
export type AccountFormField = keyof AccountFormValues;
export type AccountFormErrors = Partial<Record<AccountFormField, string>>;

/**
 * The account types a manager is offered: only those the server accepts from them (an administrator
 * account is an administrator's to make), plus the type an edited account already has.
 */
export const offeredAccountTypes = (managerIsAdmin: boolean, current?: string) =>
  ACCOUNT_TYPES.filter((type) => type !== ADMIN_ACCOUNT_TYPE || managerIsAdmin || current === type);

export const EMPTY_ACCOUNT_FORM: AccountFormValues = { tentaikhoan: '', matkhau: '', hoten: '', email: '', sdt: '', loaitaikhoan: NON_ADMIN_ACCOUNT_TYPE, diaban: '', quyenhan: [] };

/** The form's values for an existing account (the password is not edited here). */
export function accountToForm(account: Account): AccountFormValues {
  return {
    tentaikhoan: account.tentaikhoan,
    matkhau: '',
    hoten: account.hoten,
    email: account.email,
    sdt: account.sdt,
    loaitaikhoan: account.loaitaikhoan,
    diaban: account.diaban?._id ?? '',
    quyenhan: account.quyenhan.map((r) => r.value),
  };
}

type Checked<B> = { errors: AccountFormErrors; body?: B };

function collect<B>(parsed: { success: true; data: B } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } }): Checked<B> {
  if (parsed.success) return { errors: {}, body: parsed.data };
  const errors: AccountFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as AccountFormField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

/** Checks a new account with the contract's schema and messages; `body` is set only when it passes. */
export function validateNewAccount(values: AccountFormValues): Checked<AccountCreateBody> {
  return collect(accountCreateBodySchema.safeParse({ ...values, diaban: values.diaban || null }));
}

/** Checks an edit of account `id`; the login name and password are not sent. */
export function validateAccountUpdate(id: string, values: AccountFormValues): Checked<AccountUpdateBody> {
  const { tentaikhoan: _name, matkhau: _password, ...rest } = values;
  return collect(accountUpdateBodySchema.safeParse({ ...rest, id, diaban: values.diaban || null }));
}

/** Adds or removes one right, keeping the order of `all`. */
export function toggleRight(selected: readonly string[], value: string, on: boolean, all: readonly string[]): string[] {
  const set = new Set(selected);
  if (on) set.add(value);
  else set.delete(value);
  return all.filter((v) => set.has(v)).concat([...set].filter((v) => !all.includes(v)));
}

/** The field a refusal of the server points at (what only the server can know: a name taken, an area or right gone). */
const FIELD_OF_REFUSAL: Record<string, AccountFormField> = {
  [ACCOUNT_MESSAGES.loginNameTaken]: 'tentaikhoan',
  [ACCOUNT_MESSAGES.areaUnknown]: 'diaban',
  [ACCOUNT_MESSAGES.rightUnknown]: 'quyenhan',
};

/** The server's message beside its field, when it names one. */
export function refusalErrors(message: string): AccountFormErrors {
  return errorBeside(FIELD_OF_REFUSAL, message);
}
