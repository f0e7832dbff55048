import type {
  Account, AccountCreateBody, AccountUpdateBody, Invitation, InvitationCreateBody, outboxListSchema, outboxMessageSchema, rightListSchema,
} from '@loa/contract';
import type { z } from 'zod';
import { api } from '../../lib/apiClient';

const BASE = '/v1/client/taikhoan';
/** Every account read sits under this route: what an account change invalidates. */
export const ACCOUNTS_BASE = BASE;
/** GET quyenhan: every right with its label (RightOption[]). */
export const RIGHTS_PATH = `${BASE}/quyenhan`;
/** GET loimoi/danhsach (Invitation[]). */
export const INVITATIONS_PATH = '/v1/client/loimoi/danhsach';
export type RightOption = z.infer<typeof rightListSchema>[number];
export type OutboxItem = z.infer<typeof outboxListSchema>[number];
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** The query string of one accounts page. */
export function accountListQuery(search: string, page: number, pageSize: number): string {
  const params = new URLSearchParams();
  if (search.trim()) params.set('tim', search.trim());
  params.set('trang', String(page));
  params.set('sodong', String(pageSize));
  return params.toString();
}

/** GET danhsach: one page of the accounts the caller manages ({ items, total }). */
export const accountListPath = (search: string, page: number, pageSize: number): string => `${BASE}/danhsach?${accountListQuery(search, page, pageSize)}`;

/** POST themmoi. */
export function createAccount(body: AccountCreateBody): Promise<Account> {
  return api.post<Account>(`${BASE}/themmoi`, body);
}

/** POST capnhat. */
export function updateAccount(body: AccountUpdateBody): Promise<Account> {
  return api.post<Account>(`${BASE}/capnhat`, body);
}

/** POST khoa or mokhoa. */
export function setAccountLocked(id: string, locked: boolean): Promise<Account> {
  return api.post<Account>(`${BASE}/${locked ? 'khoa' : 'mokhoa'}`, { id });
}

/** POST xoa. */
export function deleteAccount(id: string): Promise<null> {
  return api.post<null>(`${BASE}/xoa`, { id });
}

/** POST datlaimatkhau: answers the temporary password, shown once. */
export function resetAccountPassword(id: string): Promise<{ matkhautam: string }> {
  return api.post(`${BASE}/datlaimatkhau`, { id });
}


/** POST loimoi/taomoi: sends the invitation by e-mail (or to the outbox). */
export function createInvitation(body: InvitationCreateBody): Promise<Invitation> {
  return api.post<Invitation>('/v1/client/loimoi/taomoi', body);
}

/** POST loimoi/huy. */
export function cancelInvitation(id: string): Promise<null> {
  return api.post<null>('/v1/client/loimoi/huy', { id });
}

/** GET hopthu: mail written to disk when no SMTP server is set (OutboxItem[]). */
export const OUTBOX_PATH = '/v1/client/hopthu';

/** GET hopthu/:id: one message with its text and raw .eml. */
export function fetchOutboxMessage(id: string): Promise<OutboxMessage> {
  return api.get<OutboxMessage>(`/v1/client/hopthu/${encodeURIComponent(id)}`);
}
