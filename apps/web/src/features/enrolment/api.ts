import type { z } from 'zod';
import type { ConfirmDeviceBody, EnrolmentCodeCreateBody, enrolmentCodeSchema, pendingDeviceSchema } from '@loa/contract';
import { api } from '../../lib/apiClient';

// Speaker enrolment (issue #31; docs/device-protocol.md "Enrolment"): codes per area and the boxes
// that enrolled with one, waiting to be assigned ("chờ gán").

export type EnrolmentCode = z.infer<typeof enrolmentCodeSchema>;
export type PendingBox = z.infer<typeof pendingDeviceSchema>;

const BASE = '/v1/client/thietbi';
/** GET chogan: the boxes waiting to be assigned in scope (a box that enrols makes it stale: ServerCacheSync). */
export const PENDING_PATH = `${BASE}/chogan`;
/** GET madangky/danhsach: the codes of the areas in scope, newest first. */
export const CODES_PATH = `${BASE}/madangky/danhsach`;

/** POST madangky/themmoi: the code itself is in the answer, and never again. */
export function createCode(body: EnrolmentCodeCreateBody): Promise<{ madangky: EnrolmentCode; ma: string }> {
  return api.post(`${BASE}/madangky/themmoi`, body);
}

/** POST madangky/thuhoi. */
export function revokeCode(id: string): Promise<EnrolmentCode> {
  return api.post(`${BASE}/madangky/thuhoi`, { id });
}

/** POST xacnhan: names, places and confirms a box (with `thaythe`, as the device of the same hardware). */
export function confirmBox(body: Omit<ConfirmDeviceBody, 'ghichu'> & { ghichu?: string }): Promise<{ _id: string }> {
  return api.post(`${BASE}/xacnhan`, body);
}
