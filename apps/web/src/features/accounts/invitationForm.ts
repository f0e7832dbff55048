import { invitationCreateBodySchema, NON_ADMIN_ACCOUNT_TYPE, type InvitationCreateBody } from '@loa/contract';

export interface InvitationFormValues {
  email: string;
  hoten: string;
  loaitaikhoan: string;
  diaban: string;
  quyenhan: string[];
}
export type InvitationFormErrors = Partial<Record<keyof InvitationFormValues, string>>;

export const EMPTY_INVITATION_FORM: InvitationFormValues = { email: '', hoten: '', loaitaikhoan: NON_ADMIN_ACCOUNT_TYPE, diaban: '', quyenhan: [] };

/** Checks an invitation with the contract's schema; `body` only when it passes. */
export function validateInvitation(values: InvitationFormValues): { errors: InvitationFormErrors; body?: InvitationCreateBody } {
  const parsed = invitationCreateBodySchema.safeParse({ ...values, diaban: values.diaban || null });
  if (parsed.success) return { errors: {}, body: parsed.data };
  const errors: InvitationFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof InvitationFormValues | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}
