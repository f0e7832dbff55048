import type { ChangeInfoBody, EmailVerificationSent, LoginDevice, User } from '@loa/contract';
import { api } from '../../lib/apiClient';

/** GET /v1/client/nguoidung/laythongtin: the current user's info (User). */
export const PROFILE_PATH = '/v1/client/nguoidung/laythongtin';

/** The current user's info, read now (not from the cache). */
export function fetchProfile(): Promise<User> {
  return api.get<User>(PROFILE_PATH);
}

/** POST /v1/client/nguoidung/thaydoithongtin: saves full name, email and phone. */
export function changeInfo(body: ChangeInfoBody): Promise<User> {
  return api.post<User>('/v1/client/nguoidung/thaydoithongtin', body);
}

/** POST /v1/client/nguoidung/thaydoimatkhau. */
export function changePassword(body: { matkhauHientai: string; matkhaumoi: string; nhaplaimatkhaumoi: string }): Promise<null> {
  return api.post<null>('/v1/client/nguoidung/thaydoimatkhau', body);
}

/** POST /v1/client/logout/dang-xuat-thiet-bi: signs out a login device; answers the new list. */
export function signOutDevice(DeviceID: string, userId: string): Promise<LoginDevice[]> {
  return api.post<LoginDevice[]>('/v1/client/logout/dang-xuat-thiet-bi', { DeviceID, userId });
}

/** POST /v1/client/nguoidung/guixacthucemail: mails a verification link to the account's address (or keeps it in the outbox without SMTP). */
export function sendEmailVerification(): Promise<EmailVerificationSent> {
  return api.post<EmailVerificationSent>('/v1/client/nguoidung/guixacthucemail');
}
