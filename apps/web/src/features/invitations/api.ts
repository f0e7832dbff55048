import type { InvitationAcceptBody, invitationPreviewSchema } from '@loa/contract';
import type { z } from 'zod';
import { api } from '../../lib/apiClient';

export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** GET loimoi/thongtin (no login): who invited, to which area, until when. */
export function invitationPreviewPath(token: string): string {
  return `/v1/client/loimoi/thongtin?token=${encodeURIComponent(token)}`;
}

/** POST loimoi/chapnhan (no login): creates the account; answers its login name. */
export function acceptInvitation(body: InvitationAcceptBody): Promise<{ tentaikhoan: string }> {
  return api.post('/v1/client/loimoi/chapnhan', body);
}
