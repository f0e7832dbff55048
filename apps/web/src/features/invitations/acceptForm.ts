import { invitationAcceptBodySchema, type InvitationAcceptBody } from '@loa/contract';

export interface AcceptFormValues {
  tentaikhoan: string;
  hoten: string;
  sdt: string;
  matkhau: string;
  nhaplaimatkhau: string;
}
export type AcceptFormErrors = Partial<Record<keyof AcceptFormValues, string>>;

/** Checks the acceptance form with the contract's schema; a repeat mismatch is put on the repeat field. */
export function validateAcceptance(token: string, values: AcceptFormValues): { errors: AcceptFormErrors; body?: InvitationAcceptBody } {
  const parsed = invitationAcceptBodySchema.safeParse({ ...values, token });
  if (parsed.success) return { errors: {}, body: parsed.data };
  const errors: AcceptFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = (issue.path[0] as keyof AcceptFormValues | undefined) ?? 'nhaplaimatkhau';
    if (!errors[field]) errors[field] = issue.message;
  }
  return { errors };
}
