import { z } from 'zod';
import { DEVICE_MESSAGES } from './devices.messages';
import { ENROLMENT_MESSAGES } from './enrolment.messages';

export { ENROLMENT_CODE_ALPHABET, ENROLMENT_CODE_PATTERN, ENROLMENT_MESSAGES } from './enrolment.messages';

export const enrolmentCodeCreateBodySchema = z.object({
  diaban: z.string().min(1, ENROLMENT_MESSAGES.areaUnknown),
  soluong: z.coerce.number({ message: ENROLMENT_MESSAGES.countRange }).int(ENROLMENT_MESSAGES.countRange).min(1, ENROLMENT_MESSAGES.countRange).max(2000, ENROLMENT_MESSAGES.countRange),
  hieulucgio: z.coerce.number({ message: ENROLMENT_MESSAGES.hoursRange }).int(ENROLMENT_MESSAGES.hoursRange).min(1, ENROLMENT_MESSAGES.hoursRange).max(720, ENROLMENT_MESSAGES.hoursRange),
  ghichu: z.string().trim().max(200).default(''),
});
export type EnrolmentCodeCreateBody = z.infer<typeof enrolmentCodeCreateBodySchema>;

/** A code as listed (never the code itself: it is kept hashed). */
export const enrolmentCodeSchema = z.object({
  _id: z.string(),
  diaban: z.object({ _id: z.string(), tendiaban: z.string() }),
  ghichu: z.string(),
  soluong: z.number().int(),
  dadung: z.number().int(),
  hethan: z.string(),
  thuhoi: z.boolean(),
  ngaytao: z.string(),
});
export const enrolmentCodeCreatedSchema = z.object({ madangky: enrolmentCodeSchema, ma: z.string() });
export const enrolmentCodeIdBodySchema = z.object({ id: z.string().min(1) });

/** What a box sends (POST /v1/thietbi/dangky): its code and hardware identity. */
export const enrolRequestSchema = z.object({
  code: z.string().trim().toUpperCase().max(20),
  machineId: z.string().trim().min(8, ENROLMENT_MESSAGES.identityRequired).max(64),
  serial: z.string().trim().max(64).optional(),
  imei: z.string().trim().regex(/^\d{14,16}$/).optional(),
  firmware: z.string().trim().max(64).optional(),
  gps: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }).optional(),
});
export type EnrolRequest = z.infer<typeof enrolRequestSchema>;
export const enrolResponseSchema = z.object({ deviceId: z.string(), secret: z.string(), serverTime: z.number() });

/** A box handed over to the device whose history it keeps asks for that device's id (POST /v1/thietbi/dangky/bangiao). */
export const handoverRequestSchema = z.object({ deviceId: z.string().min(1).max(64), secret: z.string().min(1).max(200) });
export const handoverResponseSchema = z.object({ deviceId: z.string(), secret: z.string() });

export const hardwareSchema = z.object({
  machineId: z.string(), serial: z.string().nullable(), imei: z.string().nullable(), firmware: z.string().nullable(),
  ip: z.string().nullable(), gps: z.object({ lat: z.number(), lng: z.number() }).nullable(), lucdangky: z.string(),
});
/** A box waiting to be assigned ("chờ gán"), with the assigned devices of the same hardware. */
export const pendingDeviceSchema = z.object({
  _id: z.string(),
  diaban: z.object({ _id: z.string(), tendiaban: z.string() }),
  phancung: hardwareSchema,
  online: z.boolean(),
  cungphancung: z.array(z.object({ _id: z.string(), tenthietbi: z.string(), serial: z.string() })),
});
export const pendingDeviceListSchema = z.array(pendingDeviceSchema);

export const confirmDeviceBodySchema = z.object({
  id: z.string().min(1),
  tenthietbi: z.string({ error: DEVICE_MESSAGES.nameRequired }).trim().min(1, DEVICE_MESSAGES.nameRequired).max(200),
  diaban: z.string({ error: DEVICE_MESSAGES.areaRequired }).min(1, DEVICE_MESSAGES.areaRequired),
  vido: z.number({ error: DEVICE_MESSAGES.latitudeRange }).min(-90, DEVICE_MESSAGES.latitudeRange).max(90, DEVICE_MESSAGES.latitudeRange).nullable().optional(),
  kinhdo: z.number({ error: DEVICE_MESSAGES.longitudeRange }).min(-180, DEVICE_MESSAGES.longitudeRange).max(180, DEVICE_MESSAGES.longitudeRange).nullable().optional(),
  ghichu: z.string().trim().max(500).default(''),
  /** The device this box replaces (same hardware, a new SD card): it keeps that device's history. */
  thaythe: z.string().min(1).optional(),
});
export type ConfirmDeviceBody = z.infer<typeof confirmDeviceBodySchema>;
